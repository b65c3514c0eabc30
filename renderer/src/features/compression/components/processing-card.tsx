import { Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';

interface ProcessingCardProps {
  fileName: string;
  status: string;
  /** 0-100; null while there is no measurable progress yet. */
  percent: number | null;
  /** Cancel Upload; hidden once the work is done. */
  onCancel?: () => void;
}

/** The processing state: status text, percent bar and Cancel Upload. */
export function ProcessingCard({ fileName, status, percent, onCancel }: ProcessingCardProps) {
  const done = percent !== null && percent >= 100;
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" aria-labelledby="processing-title" data-testid="upload-processing">
      <Stack gap="md">
        <Stack gap={2}>
          <Title id="processing-title" order={3} fz="lg">
            {done ? 'Compression complete' : 'Working on your file'}
          </Title>
          {fileName && (
            <Text size="sm" c="dark.5" truncate="end">
              {fileName}
            </Text>
          )}
        </Stack>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {!done && <Loader size="xs" aria-hidden="true" />}
            <Text fw={600} role="status" aria-live="polite">
              {status}
            </Text>
          </Group>
          {percent !== null && (
            <Text fw={700} c="blue.8" aria-hidden="true">
              {percent}%
            </Text>
          )}
        </Group>
        {percent !== null && (
          <Progress value={percent} size="lg" radius="xl" aria-label="Compression progress" color={done ? 'green' : 'blue'} />
        )}
        {onCancel && !done && (
          <Button variant="default" color="red" onClick={onCancel} style={{ alignSelf: 'center' }}>
            Cancel Upload
          </Button>
        )}
      </Stack>
    </Card>
  );
}
