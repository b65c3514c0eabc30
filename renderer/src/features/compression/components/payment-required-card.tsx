import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { PAY_PER_FILE_PRICE_USD } from '@shrinkly/contract';
import { formatMoney } from '../../../format/format-money';
import type { PaymentDue } from '../outcome';
import { PaymentTerms } from './payment-terms';

interface PaymentRequiredCardProps {
  payment: PaymentDue;
  onPay: () => void;
  onCompressAnother: () => void;
}

/** The payment-required variant of the result card. */
export function PaymentRequiredCard({ payment, onPay, onCompressAnother }: PaymentRequiredCardProps) {
  const cost = payment.cost ?? PAY_PER_FILE_PRICE_USD;
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow="sm"
      aria-labelledby="payment-card-title"
      data-testid="payment-required-card"
    >
      <Stack gap="md">
        <Title id="payment-card-title" order={3} fz="xl">
          Payment Required
        </Title>
        <PaymentTerms fileName={payment.fileName} fileSize={payment.fileSize} cost={cost} />
        <Group gap="sm">
          <Button size="md" onClick={onPay}>
            Pay {formatMoney(cost)}
          </Button>
          <Button size="md" variant="default" onClick={onCompressAnother}>
            Compress Another File
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
