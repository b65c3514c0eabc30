import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { CloseIcon } from '../../../components/icons/control-icons';
import { CATEGORY_COLORS, CategoryIcon } from '../../../components/icons/file-icons';
import { type ConverterItem, isFormatLocked } from '../converter-item';
import { formatMegabytes } from '../format-megabytes';
import { ConversionStatus } from './conversion-status';

const PLACEHOLDER = { value: '', label: 'Select format', disabled: true };

interface ConverterFileRowProps {
  item: ConverterItem;
  onChooseFormat: (id: string, format: string | null) => void;
  onConvert: (id: string) => void;
  onRemove: (id: string) => void;
}

/** What the format field says under it while there is nothing to choose from. */
function formatsHint(formats: string[] | null): string | undefined {
  if (formats === null) return 'Loading formats...';
  return formats.length === 0 ? 'No formats available' : undefined;
}

/** One file of the converter: icon, name, size, target format, Convert / Download, Remove, and its status. */
export function ConverterFileRow({ item, onChooseFormat, onConvert, onRemove }: ConverterFileRowProps) {
  const { file, availableFormats, targetFormat, status } = item;
  const name = file.name;
  const locked = isFormatLocked(item);
  const options = (availableFormats ?? []).map((format) => ({ value: format, label: format.toUpperCase() }));

  return (
    <Paper component="li" aria-label={name} data-testid="converter-item" data-status={status} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={40} radius="md" variant="light" color={CATEGORY_COLORS[item.category]} aria-hidden="true">
              <CategoryIcon category={item.category} size={22} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end" title={name}>
                {name}
              </Text>
              <Text size="sm" c="dark.5">
                {formatMegabytes(file.size)}
              </Text>
            </Stack>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Remove ${name}`}
            disabled={status === 'converting'}
            onClick={() => onRemove(item.id)}
          >
            <CloseIcon size={18} />
          </ActionIcon>
        </Group>

        <Group gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            aria-label={`Target format for ${name}`}
            data={[PLACEHOLDER, ...options]}
            value={targetFormat ?? ''}
            disabled={locked || options.length === 0}
            description={formatsHint(availableFormats)}
            onChange={(event) => onChooseFormat(item.id, event.currentTarget.value || null)}
            style={{ flex: '1 1 160px' }}
          />
          {!locked && (
            <Button disabled={!targetFormat} onClick={() => onConvert(item.id)}>
              Convert
            </Button>
          )}
          {status === 'converted' && item.result && (
            <Button component="a" href={item.result.downloadUrl} target="_blank" rel="noopener" color="green">
              Download
            </Button>
          )}
        </Group>

        <ConversionStatus item={item} />
      </Stack>
    </Paper>
  );
}
