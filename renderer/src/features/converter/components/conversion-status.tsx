import { Group, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { CheckIcon } from '../../../components/icons/check-icon';
import type { ConverterItem } from '../converter-item';
import { formatMegabytes } from '../format-megabytes';
import { AlertIcon } from './converter-icons';

interface ConversionStatusProps {
  item: ConverterItem;
}

/** Under a row: the progress while converting, the sizes once converted, or the error. Nothing before the first try. */
export function ConversionStatus({ item }: ConversionStatusProps) {
  const name = item.file.name;
  if (item.status === 'converting') {
    return (
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" fw={600} role="status">
              Converting to {(item.targetFormat ?? '').toUpperCase()}...
            </Text>
          </Group>
          <Text size="sm" fw={700} c="blue.8">
            {item.progress}%
          </Text>
        </Group>
        <Progress value={item.progress} size="md" radius="xl" aria-label={`Conversion progress for ${name}`} />
      </Stack>
    );
  }
  if (item.status === 'converted' && item.result) {
    return (
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="green" size={24} radius="xl" variant="light" aria-hidden="true">
          <CheckIcon size={14} />
        </ThemeIcon>
        <Text size="sm" fw={600} c="green.9" role="status">
          Converted: {formatMegabytes(item.result.originalSize)} → {formatMegabytes(item.result.convertedSize)}
        </Text>
      </Group>
    );
  }
  if (item.status === 'error' && item.error) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon color="red" size={24} radius="xl" variant="light" aria-hidden="true">
          <AlertIcon size={14} />
        </ThemeIcon>
        <Text size="sm" fw={600} c="red.8" role="alert" style={{ overflowWrap: 'anywhere' }}>
          Error: {item.error}
        </Text>
      </Group>
    );
  }
  return null;
}
