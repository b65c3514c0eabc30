import { Button, Group, Modal, Stack } from '@mantine/core';
import { PAY_PER_FILE_PRICE_USD } from '@shrinkly/contract';
import { formatMoney } from '../../../format/format-money';
import type { PaymentDue } from '../outcome';
import { PaymentTerms } from './payment-terms';

interface PaymentRequiredDialogProps {
  /** The upload waiting for payment; null keeps the dialog closed. */
  payment: PaymentDue | null;
  onPay: (payment: PaymentDue) => void;
  onClose: () => void;
}

/** Opens after a chunked upload that needs payment (docs/product/SPEC.md §2). */
export function PaymentRequiredDialog({ payment, onPay, onClose }: PaymentRequiredDialogProps) {
  const cost = payment?.cost ?? PAY_PER_FILE_PRICE_USD;
  return (
    <Modal opened={payment !== null} onClose={onClose} title="Payment Required" centered radius="md" size="md">
      {payment && (
        <Stack gap="md">
          <PaymentTerms fileName={payment.fileName} fileSize={payment.fileSize} cost={cost} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Not Now
            </Button>
            <Button onClick={() => onPay(payment)} data-autofocus>
              Pay {formatMoney(cost)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
