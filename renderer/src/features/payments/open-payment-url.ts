import { platform } from '../../platform';
import { compressionToasts } from '../compression/compression-toasts';

/**
 * docs/product/SPEC.md §4: payment happens at the provider's page, opened in the same window; when the browser refuses to
 * go there, the link is copied so the visitor can open it. A missing link is the 'Payment Error' toast.
 */
export function openPaymentUrl(paymentUrl: string | null | undefined): void {
  if (!paymentUrl) {
    compressionToasts.paymentUrlMissing();
    return;
  }
  try {
    platform.goTo(paymentUrl);
  } catch {
    void platform.copyText(paymentUrl).then(compressionToasts.paymentLinkCopied, () => compressionToasts.paymentUrlMissing());
  }
}
