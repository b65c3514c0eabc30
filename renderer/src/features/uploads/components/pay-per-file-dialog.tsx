import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CompressionLevel, FREE_COMPRESSION_LIMIT_BYTES, pages, TRIAL_DAYS } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { AppDialog } from '../../../components/app-dialog';
import { formatBytes } from '../../../format/format-bytes';
import { OutcomeCard } from '../../compression/components/outcome-card';
import { ProcessingCard } from '../../compression/components/processing-card';
import type { CompressionChoices } from '../../compression/compression-options';
import {
  PAID_LINK_LIFETIME,
  PAY_PER_FILE_PRICE,
  PAY_PER_FILE_PRICE_IN_PHP,
  PRICE_PER_MONTH,
  STORAGE_SIZE,
} from '../../subscription/plan-texts';
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
const PAY_LABEL = `Pay ${PAY_PER_FILE_PRICE} for this file`;

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
    <AppDialog opened={offer !== null} stackId={stackId} onClose={close} title="Pay per File or Subscribe" size="lg">
      {offer && state.step === 'idle' && <Offer offer={offer} onPay={() => pay(offer.file, { level, ...choices })} />}
      {state.step === 'processing' && (
        <ProcessingCard fileName={state.fileName} status={state.status} percent={state.percent} onCancel={cancel} />
      )}
      {state.step === 'result' && <OutcomeCard outcome={state.outcome} onCompressAnother={close} />}
    </AppDialog>
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
              {PAY_PER_FILE_PRICE} for this file (≈ {PAY_PER_FILE_PRICE_IN_PHP}), no subscription.
            </Text>
            <Text size="sm" c="dark.5" style={{ flexGrow: 1 }}>
              You download the compressed file; the link works for {PAID_LINK_LIFETIME}. It is not saved to My Files.
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
              {PRICE_PER_MONTH} after a {TRIAL_DAYS}-day free trial.
            </Text>
            <Text size="sm" c="dark.5" style={{ flexGrow: 1 }}>
              Every file size, compressed and kept in My Files ({STORAGE_SIZE} of storage).
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
