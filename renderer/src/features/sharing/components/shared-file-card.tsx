import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { SharedFile } from '@shrinkly/contract';
import { formatFileSize } from '../../../format/format-file-size';
import { formatPercent } from '../../../format/format-percent';

interface SharedFileCardProps {
  file: SharedFile;
  downloadUrl: string;
}

/** The shared file: its name, size, what compression saved, and Download. */
export function SharedFileCard({ file, downloadUrl }: SharedFileCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Shared file">
      <Stack gap="sm">
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dark.6">
            {formatFileSize(file.size)}
          </Text>
          {file.spaceSaved > 0 && (
            <Badge color="green" variant="light" tt="none">
              Saved {formatPercent(file.spaceSaved)} (was {formatFileSize(file.originalSize)})
            </Badge>
          )}
        </Group>
        <Group>
          <Button component="a" href={downloadUrl} download>
            Download
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
