import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { hasRenditions, type LocalJob } from '@shrinkly/contract';
import { extensionOf } from '../../../components/drop-zone/accepted-types';
import { QualityBadge } from '../../../components/quality-badge';
import { LEVEL_LABELS } from '../../compression/level-labels';
import { failureAdvice, isActive, maySend, STATUS_LABELS, SYNC_LABELS, sizeSummary } from '../local-job-view';

const STATUS_COLORS: Record<LocalJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export interface LocalJobActions {
  onCancel: (job: LocalJob) => void;
  onShowInFolder: (job: LocalJob) => void;
  onSend: (job: LocalJob) => void;
  /** Before and after, for a compressed picture, PDF or video. */
  onCompare: (job: LocalJob) => void;
}

interface LocalJobRowProps extends LocalJobActions {
  job: LocalJob;
}

/** One file of the queue: name, level, live progress, sizes before → after, its actions and any problem. */
export function LocalJobRow({ job, onCancel, onShowInFolder, onSend, onCompare }: LocalJobRowProps) {
  const active = isActive(job);
  const syncLabel = SYNC_LABELS[job.sync];
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="local-job" data-status={job.status} aria-label={job.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" title={job.sourcePath}>
              {job.name}
            </Text>
            <Text size="xs" c="dark.5" data-testid="local-job-sizes">
              {sizeSummary(job)}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="gray" size="sm">
              {LEVEL_LABELS[job.level].label}
            </Badge>
            <Badge variant="light" color={STATUS_COLORS[job.status]} size="sm">
              {STATUS_LABELS[job.status]}
            </Badge>
            {job.status === 'done' && !job.unchanged && (
              <QualityBadge qualityScore={job.qualityScore} qualityLabel={job.qualityLabel} />
            )}
          </Group>
        </Group>
        {active && (
          <Progress
            value={job.progress}
            size="sm"
            radius="xl"
            striped={job.status === 'running'}
            animated={job.status === 'running'}
            aria-label={`Compressing ${job.name}`}
          />
        )}
        {job.status === 'failed' && (
          <Text size="xs" c="red.8" fw={600}>
            {failureAdvice(job)}
          </Text>
        )}
        {job.status === 'done' && job.message && (
          <Text size="xs" c="dark.5">
            {job.message}
          </Text>
        )}
        {syncLabel && (
          <Text
            size="xs"
            c={job.sync === 'synced' ? 'green.9' : job.sync === 'failed' ? 'red.8' : 'dark.5'}
            data-testid="local-job-sync"
          >
            {syncLabel}
          </Text>
        )}
        <Group gap="xs">
          {active && (
            <Button size="compact-sm" variant="light" color="red" onClick={() => onCancel(job)} aria-label={`Cancel ${job.name}`}>
              Cancel
            </Button>
          )}
          {job.status === 'done' && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onShowInFolder(job)}
              aria-label={`Show ${job.name} in folder`}
            >
              Show in folder
            </Button>
          )}
          {job.status === 'done' && !job.unchanged && hasRenditions(extensionOf(job.name)) && (
            <Button size="compact-sm" variant="light" onClick={() => onCompare(job)} aria-label={`Compare ${job.name}`}>
              Compare
            </Button>
          )}
          {maySend(job) && (
            <Button size="compact-sm" variant="light" onClick={() => onSend(job)} aria-label={`Send ${job.name} to My Files`}>
              Send to My Files
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
