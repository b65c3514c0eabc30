import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMPRESSION_LEVELS, type CompressionLevel } from '@shrinkly/contract';
import { LEVEL_LABELS } from '../../compression/level-labels';

interface LevelPickerProps {
  value: CompressionLevel;
  onChange: (level: CompressionLevel) => void;
  disabled?: boolean;
  label?: string;
}

function isLevel(value: string): value is CompressionLevel {
  return (COMPRESSION_LEVELS as readonly string[]).includes(value);
}

/** Light / Balanced / Maximum as radio cards, each with its expected reduction and trade-off. */
export function LevelPicker({ value, onChange, disabled = false, label = 'Compression level' }: LevelPickerProps) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => isLevel(next) && onChange(next)}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
        {COMPRESSION_LEVELS.map((level) => (
          <Radio.Card key={level} value={level} radius="md" p="sm" disabled={disabled} opacity={disabled ? 0.6 : 1}>
            <Group wrap="nowrap" align="flex-start" gap="xs">
              <Radio.Indicator size="sm" mt={2} />
              <Stack gap={2}>
                <Text fw={700} size="sm">
                  {LEVEL_LABELS[level].label}
                </Text>
                <Text size="xs" c="dark.5">
                  {LEVEL_LABELS[level].description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
