import { Card, Stack } from '@mantine/core';
import type { CompressionLevel, LocalJob } from '@shrinkly/contract';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { type DesktopError, desktopPathForFile } from '../../../platform/desktop';
import { CompareDialog } from '../../compression/components/compare-dialog';
import { choiceFields, useCompressionOptions } from '../../compression/compression-options';
import { CompressionOptionsFields } from '../../uploads/components/compression-options-fields';
import { LevelPicker } from '../../uploads/components/level-picker';
import {
  localComparison,
  useCancelJob,
  useChooseFiles,
  useClearFinished,
  useDesktopSettings,
  useLocalJobs,
  useSendToMyFiles,
  useShowInFolder,
  useStartCompression,
} from '../api';
import { pickedLevelAtom } from '../atoms';
import { DesktopAnswer } from '../components/desktop-answer';
import { DesktopPage } from '../components/desktop-page';
import { FinishedJobsAnnouncer } from '../components/finished-jobs-announcer';
import { LocalDropArea } from '../components/local-drop-area';
import { LocalJobQueue } from '../components/local-job-queue';
import { ProblemAlert } from '../components/problem-alert';
import { unreadableDropMessage } from '../local-job-view';

/** `/desktop` (desktop app only): compress files on this computer, follow them, send results to My Files. */
export function LocalCompressionPage() {
  const settings = useDesktopSettings();
  const jobs = useLocalJobs();
  const [picked, setPicked] = useAtom(pickedLevelAtom);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const start = useStartCompression();
  const choose = useChooseFiles();
  const cancel = useCancelJob();
  const showInFolder = useShowInFolder();
  const clearFinished = useClearFinished();
  const send = useSendToMyFiles();
  const options = useCompressionOptions(settings.data?.photoData);
  const [comparing, setComparing] = useState<LocalJob | null>(null);

  const level: CompressionLevel = picked ?? settings.data?.defaultLevel ?? 'balanced';
  const fail = (title: string) => (error: DesktopError) => setProblem({ title, message: error.message });

  const queue = (paths: string[]) => {
    if (paths.length === 0) return;
    setProblem(null);
    start.mutate({ paths, level, ...choiceFields(options.choices) }, { onError: fail('The files could not be added') });
  };
  const onDropFiles = (files: File[]) => {
    const paths: string[] = [];
    const unreadable: string[] = [];
    for (const file of files) {
      const path = desktopPathForFile(file);
      if (path) paths.push(path);
      else unreadable.push(file.name);
    }
    queue(paths);
    if (unreadable.length > 0) setProblem({ title: 'Some files were not added', message: unreadableDropMessage(unreadable) });
  };
  const onChoose = () => choose.mutate(undefined, { onSuccess: queue, onError: fail('The file dialog could not open') });
  const sendJobs = (toSend: LocalJob[]) =>
    send.mutate(
      toSend.map((job) => job.id),
      { onError: fail('The results could not be sent to My Files') },
    );

  return (
    <DesktopPage title="Compress Locally" intro="Compress files on this computer, without uploading them.">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <LevelPicker value={level} onChange={setPicked} />
          <CompressionOptionsFields options={options} />
        </Stack>
      </Card>
      <LocalDropArea onDropFiles={onDropFiles} onChoose={onChoose} choosing={choose.isPending} />
      <ProblemAlert title={problem?.title ?? ''} message={problem?.message ?? null} onClose={() => setProblem(null)} />
      <FinishedJobsAnnouncer jobs={jobs.data} />
      <DesktopAnswer
        query={jobs}
        loadingLabel="Loading the compression queue"
        failedTitle="The compression queue could not be loaded"
      >
        {(list) => (
          <LocalJobQueue
            jobs={list}
            clearing={clearFinished.isPending}
            onClearFinished={() => clearFinished.mutate(undefined, { onError: fail('Finished files could not be cleared') })}
            onSendAll={sendJobs}
            onSend={(job) => sendJobs([job])}
            onCancel={(job) => cancel.mutate(job.id, { onError: fail(`${job.name} could not be cancelled`) })}
            onShowInFolder={(job) => showInFolder.mutate(job.id, { onError: fail(`${job.name} could not be shown`) })}
            onCompare={setComparing}
          />
        )}
      </DesktopAnswer>
      {comparing && (
        <CompareDialog
          opened
          onClose={() => setComparing(null)}
          source={{ kind: 'renditions', key: ['comparison', 'local', comparing.id], load: () => localComparison(comparing.id) }}
          name={comparing.name}
          qualityScore={comparing.qualityScore}
          qualityLabel={comparing.qualityLabel}
        />
      )}
    </DesktopPage>
  );
}
