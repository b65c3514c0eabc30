import { Badge, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { COMPRESSION_LEVELS, type CompressionLevel, DEFAULT_COMPRESSION_LEVEL, type PreviewItem } from '@shrinkly/contract';
import { formatBytes } from '../../../format/format-bytes';
import { LEVEL_LABELS } from '../level-labels';

interface LevelCardsProps {
  previews: PreviewItem[];
  selected: CompressionLevel;
  onSelect: (level: CompressionLevel) => void;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dark.5">
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {value}
      </Text>
    </Group>
  );
}

/** One card per level with its estimated size, space saved and quality; picking one moves the slider too. */
export function LevelCards({ previews, selected, onSelect }: LevelCardsProps) {
  const byLevel = new Map(previews.map((item) => [item.level, item]));
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="group" aria-label="Compression levels">
      {COMPRESSION_LEVELS.map((level) => {
        const item = byLevel.get(level);
        const label = LEVEL_LABELS[level];
        const active = level === selected;
        return (
          <UnstyledButton
            key={level}
            onClick={() => onSelect(level)}
            aria-pressed={active}
            data-testid={`level-card-${level}`}
            p="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `2px solid var(--mantine-color-${active ? 'blue-6' : 'gray-3'})`,
              background: active ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-white)',
            }}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text fw={800}>{label.label}</Text>
                {level === DEFAULT_COMPRESSION_LEVEL && (
                  <Badge size="xs" variant="light">
                    Recommended
                  </Badge>
                )}
              </Group>
              {item ? (
                <>
                  <Figure label="Estimated size" value={formatBytes(item.estimatedSize)} />
                  <Figure label="Space saved" value={`${Number(item.spaceSaved.toFixed(1))}%`} />
                  <Figure label="Quality" value={String(item.quality)} />
                </>
              ) : (
                <Text size="xs" c="dark.5">
                  {label.description}
                </Text>
              )}
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
