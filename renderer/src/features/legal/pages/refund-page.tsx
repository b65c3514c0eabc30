import { List, Text } from '@mantine/core';
import { PRODUCT_NAME, REFUND_WINDOW_DAYS, SUBSCRIPTION_PRICE_USD, TRIAL_DAYS } from '@shrinkly/contract';
import { formatDays } from '../../../format/format-duration';
import { formatMoney } from '../../../format/format-money';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';
import { SupportEmailLink } from '../components/support-email-link';

/** `/refund`: Refund Policy, the binding statement on refunds (DESIGN.md). */
export function RefundPage() {
  return (
    <LegalPage
      title="Refund Policy"
      intro={`We want you to be sure ${PRODUCT_NAME} is right for you before you pay. This policy explains how the free trial works and when we issue refunds.`}
    >
      <LegalSection title="1. Free trial">
        <Text inherit>
          Every new subscription starts with a {TRIAL_DAYS}-day free trial. If you cancel during the trial, you are not charged.
          You can cancel at any time from your account settings.
        </Text>
      </LegalSection>

      <LegalSection title="2. Subscription billing">
        <Text inherit>
          After the trial, Premium costs {formatMoney(SUBSCRIPTION_PRICE_USD)} per month, charged at the start of each billing
          period. If you cancel, Premium stays active until the end of the period you have already paid for, and you are not
          charged again.
        </Text>
      </LegalSection>

      <LegalSection title="3. When we give refunds">
        <Text inherit>We issue refunds only in these cases:</Text>
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>
            <strong>Technical error:</strong> you were charged by mistake, for example twice for the same period, or for a
            compression that our service failed to deliver.
          </List.Item>
          <List.Item>
            <strong>Unauthorized charge:</strong> a charge you did not authorize was made to your payment method.
          </List.Item>
        </List>
        <Text inherit>
          You must request the refund by contacting support within {formatDays(REFUND_WINDOW_DAYS)} of the charge.
        </Text>
      </LegalSection>

      <LegalSection title="4. When we do not give refunds">
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>Cancelling after the billing date: the period already charged is not refunded.</List.Item>
          <List.Item>Dissatisfaction with the service, unless it was caused by a failure of the service on our side.</List.Item>
        </List>
      </LegalSection>

      <LegalSection title="5. How to request a refund">
        <Text inherit>
          Email <SupportEmailLink /> from the address of your account, with the date and amount of the charge and the reason for
          your request. We review every request and reply by email. Approved refunds are returned to the original payment method.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
