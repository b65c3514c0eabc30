import { usePaidJob } from '../use-paid-job';
import { useRecordCompression } from '../visitor-stats';
import { CompressedFileCard } from './compressed-file-card';
import { ProcessingCard } from './processing-card';

interface PaidJobResultProps {
  jobId: string;
  simulate?: boolean;
}

/** A paid (or any) job followed to its result: the processing screen, then the download. */
export function PaidJobResult({ jobId, simulate = false }: PaidJobResultProps) {
  const { file, status, percent } = usePaidJob(jobId, simulate);
  useRecordCompression(file ?? null);
  if (!file) return <ProcessingCard fileName="" status={status} percent={percent} />;
  return <CompressedFileCard file={file} />;
}
