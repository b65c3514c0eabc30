import { Button, Card, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CompressionLevel,
  FREE_COMPRESSION_LIMIT_BYTES,
  PAID_DOWNLOAD_TTL_MS,
  PAY_PER_FILE_PRICE_PHP,
  PAY_PER_FILE_PRICE_USD,
  pages,
  STORAGE_LIMIT_BYTES,
  SUBSCRIPTION_PRICE_USD,
  TRIAL_DAYS,
} from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../components/dialog-close-button';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { formatMoney } from '../../../format/format-money';
import { OutcomeCard } from '../../compression/components/outcome-card';
import { ProcessingCard } from '../../compression/components/processing-card';
import type { CompressionChoices } from '../../compression/compression-options';
import { type LargeFileOffer, usePayPerFile } from '../use-pay-per-file';

interface PayPerFileDialogProps {
  /** Null keeps the dialog closed. */
  offer: LargeFileOffer | null;
  level: CompressionLevel;
  /** Target size, resize and photo data, as chosen for the upload. */
  choices: CompressionChoices;
  /** The id of this dialog in the upload dialog's Modal.Stack. */
  stackId: string;
  onClose: () => void;
}

const SUBSCRIBE_PATH = pages.subscribeToUpgrade;
const PAY_LABEL = `Pay ${formatMoney(PAY_PER_FILE_PRICE_USD)} for this file`;

/**
 * The dashboard's answer to a free account's file of 100MB or more: pay for this file once, or subscribe. Paying
 * runs the landing page's large-file flow here: the upload, the Payment Required card, the checkout, then the
 * download (the file is not added to My Files).
 */
export function PayPerFileDialog({ offer, level, choices, stackId, onClose }: PayPerFileDialogProps) {
  const { state, pay, cancel } = usePayPerFile();
  const close = () => {
    cancel();
    onClose();
  };

  return (
    <Modal
      opened={offer !== null}
      stackId={stackId}
      onClose={close}
      title="Pay per File or Subscribe"
      size="lg"
      centered
      radius="md"
      closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
    >
      {offer && state.step === 'idle' && <Offer offer={offer} onPay={() => pay(offer.file, { level, ...choices })} />}
      {state.step === 'processing' && (
        <ProcessingCard fileName={state.fileName} status={state.status} percent={state.percent} onCancel={cancel} />
      )}
      {state.step === 'result' && <OutcomeCard outcome={state.outcome} onCompressAnother={close} />}
    </Modal>
  );
}

function Offer({ offer, onPay }: { offer: LargeFileOffer; onPay: () => void }) {
  const { file, others } = offer;
  return (
    <Stack gap="md">
      <Text>
        <Text component="span" fw={700}>
          {file.name}
        </Text>{' '}
        is {formatBytes(file.size)}. Free accounts compress files under {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)} into My Files;
        for this one, pay once or subscribe.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Card withBorder radius="md" padding="md" data-testid="pay-per-file-option">
          <Stack gap="xs" h="100%">
            <Title order={3} fz="md">
              Pay per file
            </Title>
            <Text size="sm">
              {formatMoney(PAY_PER_FILE_PRICE_USD)} for this file (≈ {formatMoney(PAY_PER_FILE_PRICE_PHP, 'PHP')}), no
              subscription.
            </Text>
            <Text size="sm" c="dark.5" style={{ flexGrow: 1 }}>
              You download the compressed file; the link works for {formatHours(PAID_DOWNLOAD_TTL_MS)}. It is not saved to My
              Files.
            </Text>
            <Button onClick={onPay} data-autofocus>
              {PAY_LABEL}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs" h="100%">
            <Title order={3} fz="md">
              Premium
            </Title>
            <Text size="sm">
              {formatMoney(SUBSCRIPTION_PRICE_USD)}/month after a {TRIAL_DAYS}-day free trial.
            </Text>
            <Text size="sm" c="dark.5" style={{ flexGrow: 1 }}>
              Every file size, compressed and kept in My Files ({formatBytes(STORAGE_LIMIT_BYTES)} of storage).
            </Text>
            <Button component={Link} to={SUBSCRIBE_PATH} variant="light">
              Subscribe
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      {others > 0 && (
        <Text size="sm" c="dark.5">
          Pay per file takes one file at a time: {others} more {others === 1 ? 'file' : 'files'} of this size were not added.
          Choose {others === 1 ? 'it' : 'them'} again afterwards.
        </Text>
      )}
    </Stack>
  );
}
