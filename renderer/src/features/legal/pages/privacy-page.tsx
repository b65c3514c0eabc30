import { List, Text } from '@mantine/core';
import { MIN_AGE, PRODUCT_NAME, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { formatHours } from '../../../format/format-duration';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';
import { SupportEmailLink } from '../components/support-email-link';

const retention = formatHours(TEMPORARY_FILE_TTL_MS);

/** `/privacy`: Privacy Policy. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This Privacy Policy explains what information ${PRODUCT_NAME} collects, how we use it, and the choices you have. We collect only what we need to run the service.`}
    >
      <LegalSection title="1. Information we collect">
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>
            <strong>Account information:</strong> your name, email address and password when you create an account. Passwords are
            stored only as a secure one-way hash, never in readable form.
          </List.Item>
          <List.Item>
            <strong>Uploaded files:</strong> the files you upload to compress, convert or store, and their results.
          </List.Item>
          <List.Item>
            <strong>Usage data:</strong> information collected through cookies and similar technologies, such as the pages you
            visit, the features you use, your browser type and your device.
          </List.Item>
          <List.Item>
            <strong>Payment details:</strong> payments are handled by our payment providers. We never store full card numbers or
            security codes; we keep only what we need to manage your subscription, such as the card brand and last four digits.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="2. How we use your information">
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>To compress, convert, store and deliver your files.</List.Item>
          <List.Item>To create and secure your account, and to send password reset and account emails.</List.Item>
          <List.Item>To process subscriptions and payments.</List.Item>
          <List.Item>To understand how the service is used so we can fix problems and improve it.</List.Item>
        </List>
      </LegalSection>

      <LegalSection title="3. How long we keep your files">
        <Text inherit>
          Uploaded files are deleted automatically from temporary storage after {retention} unless they are stored in an account.
          This includes files uploaded without an account and the files of free accounts, which have no permanent storage. Files
          stored in a trial or Premium account are kept until you delete them or delete your account.
        </Text>
      </LegalSection>

      <LegalSection title="4. Sharing your information">
        <Text inherit>
          We do not sell your personal data. We may share anonymized, aggregated analytics, which cannot identify you, with
          partners to understand usage trends. Service providers that help us run {PRODUCT_NAME} (hosting, email delivery and
          payment processing) handle data on our behalf only as needed to provide their services. We may also disclose information
          when the law requires it.
        </Text>
      </LegalSection>

      <LegalSection title="5. Cookies">
        <Text inherit>
          We use cookies to keep you signed in, remember your preferences and measure usage. You can block or delete cookies in
          your browser settings, but some features may then stop working.
        </Text>
      </LegalSection>

      <LegalSection title="6. Security">
        <Text inherit>
          Files and data are transferred over encrypted connections, stored under random identifiers, and shared only through
          links that expire. No system is perfectly secure, but we work to protect your information.
        </Text>
      </LegalSection>

      <LegalSection title="7. Your choices and rights">
        <Text inherit>
          You can see your profile in your account settings, and you can delete your account at any time. Deleting your account
          permanently removes your profile and all the files stored in it. For any other request about your data, contact us.
        </Text>
      </LegalSection>

      <LegalSection title="8. Children">
        <Text inherit>
          {PRODUCT_NAME} is not meant for anyone under {MIN_AGE}. We do not knowingly collect information from children under{' '}
          {MIN_AGE}; if you believe a child has given us information, contact us and we will delete it.
        </Text>
      </LegalSection>

      <LegalSection title="9. Changes to this policy">
        <Text inherit>
          We may update this policy. The date at the top of this page shows when it last changed, and we will tell you about
          significant changes by email or in the app.
        </Text>
      </LegalSection>

      <LegalSection title="10. Contact us">
        <Text inherit>
          Questions about your privacy? Email us at <SupportEmailLink />.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
