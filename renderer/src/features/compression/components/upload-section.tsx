import { FREE_COMPRESSION_LIMIT_BYTES, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { PageSection, SectionHeading } from '../../../components/page-section';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { openPaymentUrl } from '../../payments/open-payment-url';
import { useCompressionFlow } from '../use-compression-flow';
import { useRecordCompression } from '../visitor-stats';
import { CompressionPreviewModal } from './compression-preview-modal';
import { FileDropZone } from './file-drop-zone';
import { OutcomeCard } from './outcome-card';
import { PaymentRequiredDialog } from './payment-required-dialog';
import { ProcessingCard } from './processing-card';

export const UPLOAD_SECTION_ID = 'upload';

/** `#upload`: the landing page's drop, preview, progress and result. */
export function UploadSection() {
  const flow = useCompressionFlow();
  const { state } = flow;
  useRecordCompression(state.step === 'result' && state.outcome.kind === 'compressed' ? state.outcome.file : null);

  return (
    <PageSection id={UPLOAD_SECTION_ID} size="md" py={{ base: 40, sm: 64 }}>
      <SectionHeading id="upload-title" title="Compress a file now" fz={{ base: 26, sm: 32 }} mb="lg">
        Free for files under {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)}, no registration. Uploads are deleted after{' '}
        {formatHours(TEMPORARY_FILE_TTL_MS)}.
      </SectionHeading>

      {(state.step === 'idle' || state.step === 'preview') && <FileDropZone onFiles={(files) => void flow.chooseFiles(files)} />}
      {state.step === 'analyzing' && (
        <ProcessingCard fileName={state.fileName} status="Analyzing your file..." percent={null} onCancel={flow.cancel} />
      )}
      {state.step === 'processing' && (
        <ProcessingCard fileName={state.fileName} status={state.status} percent={state.percent} onCancel={flow.cancel} />
      )}
      {state.step === 'result' && (
        <OutcomeCard outcome={state.outcome} onCompressAnother={flow.startOver} original={flow.source} />
      )}

      <CompressionPreviewModal
        preview={state.step === 'preview' ? state.preview : null}
        level={flow.level}
        sliderValue={flow.sliderValue}
        onSliderChange={flow.setSliderValue}
        options={flow.options}
        onCompress={flow.compress}
        onClose={flow.closePreview}
      />
      <PaymentRequiredDialog
        payment={flow.paymentDialog}
        onPay={(payment) => openPaymentUrl(payment.paymentUrl)}
        onClose={flow.closePaymentDialog}
      />
    </PageSection>
  );
}
