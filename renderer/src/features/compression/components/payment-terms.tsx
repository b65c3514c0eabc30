import { Text } from '@mantine/core';
import { FREE_COMPRESSION_LIMIT_BYTES, PAID_DOWNLOAD_TTL_MS, PAY_PER_FILE_PRICE_PHP } from '@shrinkly/contract';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { formatMoney } from '../../../format/format-money';

interface PaymentTermsProps {
  fileName: string;
  fileSize: number;
  /** USD. */
  cost: number;
}

/** What a large file costs and what the payment buys, shared by the payment card and dialog. */
export function PaymentTerms({ fileName, fileSize, cost }: PaymentTermsProps) {
  return (
    <>
      <Text>
        <Text component="span" fw={700}>
          {fileName || 'Your file'}
        </Text>{' '}
        is {formatBytes(fileSize)}. Files of {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)} and over cost{' '}
        <Text component="span" fw={700}>
          {formatMoney(cost)}
        </Text>{' '}
        per compression (≈ {formatMoney(PAY_PER_FILE_PRICE_PHP, 'PHP')}), with no registration.
      </Text>
      <Text size="sm" c="dark.5">
        Your file is uploaded and kept for you. After payment it is compressed and the download link is valid for{' '}
        {formatHours(PAID_DOWNLOAD_TTL_MS)}.
      </Text>
    </>
  );
}
