import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LocalJob } from '@shrinkly/contract';
import { isFinished, maySend } from '../local-job-view';
import { type LocalJobActions, LocalJobRow } from './local-job-row';

interface LocalJobQueueProps extends LocalJobActions {
  jobs: readonly LocalJob[];
  onClearFinished: () => void;
  onSendAll: (jobs: LocalJob[]) => void;
  clearing: boolean;
}

/** The files compressed on this computer in this session, newest last, with the actions over all of them. */
export function LocalJobQueue({ jobs, onClearFinished, onSendAll, clearing, ...actions }: LocalJobQueueProps) {
  const sendable = jobs.filter(maySend);
  const anyFinished = jobs.some(isFinished);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="local-queue-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title id="local-queue-title" order={2} fz="lg">
          Files
        </Title>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" disabled={sendable.length === 0} onClick={() => onSendAll(sendable)}>
            Send all to My Files
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={!anyFinished || clearing}
            loading={clearing}
            onClick={onClearFinished}
          >
            Clear finished
          </Button>
        </Group>
      </Group>
      {jobs.length === 0 ? (
        <Stack gap={4} align="center" py="lg" data-testid="local-queue-empty">
          <Text fw={600}>No files yet</Text>
          <Text size="sm" c="dark.5">
            Drop files above or choose them; each one shows here with its progress and the size it saved.
          </Text>
        </Stack>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Compression queue">
          {jobs.map((job) => (
            <LocalJobRow key={job.id} job={job} {...actions} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
