import { Navigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { PaidJobResult } from '../components/paid-job-result';
import { ResultPageFrame } from '../components/result-page-frame';

/** `/compression-success?jobId=…[&test=success]`: the processing screen, then the result. No jobId goes home. */
export function CompressionSuccessPage() {
  usePageTitle('Compression Result');
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId');
  if (!jobId) return <Navigate to="/" replace />;
  return (
    <ResultPageFrame title="Your Compressed File">
      <PaidJobResult key={jobId} jobId={jobId} simulate={searchParams.get('test') === 'success'} />
    </ResultPageFrame>
  );
}
