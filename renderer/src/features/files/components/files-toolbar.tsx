import { ActionIcon, Group, TextInput } from '@mantine/core';
import { GridIcon, ListIcon, SearchIcon } from '../../../components/icons/control-icons';
import type { FileViewMode } from '../atoms';

interface FilesToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  view: FileViewMode;
  onViewChange: (view: FileViewMode) => void;
}

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
        <ActionIcon
          size="lg"
          variant={view === 'grid' ? 'filled' : 'default'}
          aria-label="Grid view"
          aria-pressed={view === 'grid'}
          onClick={() => onViewChange('grid')}
        >
          <GridIcon />
        </ActionIcon>
        <ActionIcon
          size="lg"
          variant={view === 'list' ? 'filled' : 'default'}
          aria-label="List view"
          aria-pressed={view === 'list'}
          onClick={() => onViewChange('list')}
        >
          <ListIcon />
        </ActionIcon>
      </Group>
    </Group>
  );
}
