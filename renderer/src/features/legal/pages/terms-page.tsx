import { List, Text } from '@mantine/core';
import {
  FREE_COMPRESSION_LIMIT_BYTES,
  MIN_AGE,
  PAY_PER_FILE_PRICE_USD,
  PRODUCT_NAME,
  SUBSCRIPTION_PRICE_USD,
  TEMPORARY_FILE_TTL_MS,
  TRIAL_DAYS,
} from '@shrinkly/contract';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { formatMoney } from '../../../format/format-money';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';
import { SupportEmailLink } from '../components/support-email-link';

const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);
const price = formatMoney(SUBSCRIPTION_PRICE_USD);

/** `/terms`: Terms of Service. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`These Terms of Service govern your use of ${PRODUCT_NAME}, including the website, the desktop app and every tool they offer. By using ${PRODUCT_NAME} you agree to these terms. If you do not agree, please do not use the service.`}
    >
      <LegalSection title="1. Services we offer">
        <Text inherit>{PRODUCT_NAME} provides:</Text>
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>
            File compression for images, PDF documents, Office files, video, audio and archives, at three levels: light, balanced
            and maximum.
          </List.Item>
          <List.Item>A free file converter between common document, image, video and audio formats.</List.Item>
          <List.Item>
            Cloud storage with folders, search and file sharing for signed-in users, and batch compression for trial and Premium
            subscribers.
          </List.Item>
          <List.Item>
            Pay-per-file compression of files of {freeLimit} or more at {formatMoney(PAY_PER_FILE_PRICE_USD)} per file, without an
            account.
          </List.Item>
        </List>
        <Text inherit>We work to keep the service available and accurate, but features may change as the product develops.</Text>
      </LegalSection>

      <LegalSection title="2. User responsibilities">
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>
            You must be at least {MIN_AGE} years old to use {PRODUCT_NAME}.
          </List.Item>
          <List.Item>
            You must not upload malicious files such as viruses or malware, content that is illegal, or content you do not own or
            do not have the right to use.
          </List.Item>
          <List.Item>
            You are responsible for keeping your login credentials confidential and for all activity under your account. Tell us
            at once if you suspect someone else has used it.
          </List.Item>
          <List.Item>
            You must not try to disrupt the service, get around its limits, or access other people's files or accounts.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="3. Accounts and subscriptions">
        <List spacing={4} size="md" lh={1.65}>
          <List.Item>
            The free tools need no account: you can compress files under {freeLimit} and use the converter without registering.
          </List.Item>
          <List.Item>
            The free trial lasts {TRIAL_DAYS} days. Unless you cancel during the trial, the Premium subscription then costs{' '}
            {price} per month, billed monthly.
          </List.Item>
          <List.Item>
            You can cancel at any time from your account settings. Cancelling during the trial costs nothing; after the trial,
            Premium stays active until the end of the billing period you have paid for.
          </List.Item>
          <List.Item>Refunds follow our Refund Policy.</List.Item>
        </List>
      </LegalSection>

      <LegalSection title="4. Your files and intellectual property">
        <Text inherit>
          You keep all rights to the files you upload. You give {PRODUCT_NAME} only the limited permission needed to store,
          compress, convert and deliver them back to you, and to the people you choose to share them with.
        </Text>
        <Text inherit>
          The {PRODUCT_NAME} name, logo, website, software and documentation belong to {PRODUCT_NAME} and its licensors, and are
          protected by intellectual property laws. These terms do not give you any right to use them beyond using the service.
        </Text>
        <Text inherit>
          Files uploaded without an account, and the files of free accounts, are deleted from temporary storage after{' '}
          {formatHours(TEMPORARY_FILE_TTL_MS)}, so please download your results in time.
        </Text>
      </LegalSection>

      <LegalSection title="5. Limitation of liability">
        <Text inherit>
          {PRODUCT_NAME} is provided "as is" and "as available". We do not guarantee that the service will be uninterrupted or
          error-free, or that every file can be compressed or converted. Keep your own copy of important files.
        </Text>
        <Text inherit>
          To the fullest extent the law allows, {PRODUCT_NAME} is not liable for indirect, incidental or consequential damages, or
          for loss of data, profits or business, arising from your use of the service. Our total liability for any claim is
          limited to the amount you paid us for the service in the twelve months before the claim.
        </Text>
      </LegalSection>

      <LegalSection title="6. Termination">
        <Text inherit>
          You may stop using {PRODUCT_NAME} and delete your account at any time from your account settings. We may suspend or
          terminate accounts that break these terms or put the service or other users at risk. When an account is deleted or
          terminated, its files and data are removed and cannot be recovered.
        </Text>
      </LegalSection>

      <LegalSection title="7. Changes to these terms">
        <Text inherit>
          We may update these terms from time to time. The date at the top of this page shows when they last changed. If a change
          materially affects you, we will tell you by email or in the app. Continuing to use {PRODUCT_NAME} after a change means
          you accept the updated terms.
        </Text>
      </LegalSection>

      <LegalSection title="8. Contact">
        <Text inherit>
          Questions about these terms? Write to us at <SupportEmailLink />.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
