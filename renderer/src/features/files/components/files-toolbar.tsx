import { ActionIcon, Group, TextInput } from '@mantine/core';
import { GridIcon, ListIcon, SearchIcon } from '../../../components/icons/control-icons';
import type { FileViewMode } from '../atoms';

interface FilesToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  view: FileViewMode;
  onViewChange: (view: FileViewMode) => void;
}

const VIEWS = [
  { mode: 'grid', label: 'Grid view', Icon: GridIcon },
  { mode: 'list', label: 'List view', Icon: ListIcon },
] as const satisfies ReadonlyArray<{ mode: FileViewMode; label: string; Icon: unknown }>;

/** The search box and the grid/list toggle. */
export function FilesToolbar({ search, onSearchChange, view, onViewChange }: FilesToolbarProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <TextInput
        type="search"
        aria-label="Search files..."
        placeholder="Search files..."
        leftSection={<SearchIcon size={16} />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Group gap={4} wrap="nowrap" role="group" aria-label="Layout">
        {VIEWS.map(({ mode, label, Icon }) => (
          <ActionIcon
            key={mode}
            size="lg"
            variant={view === mode ? 'filled' : 'default'}
            aria-label={label}
            aria-pressed={view === mode}
            onClick={() => onViewChange(mode)}
          >
            <Icon />
          </ActionIcon>
        ))}
      </Group>
    </Group>
  );
}
