import { Anchor, Container, Stack, Title } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { pages } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { ApiKeysSection } from '../../api-keys/components/api-keys-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { DangerZone } from '../components/danger-zone';
import { ProfileInformation } from '../components/profile-information';
import { SubscriptionManagement } from '../components/subscription-management';
import { UploadPreferences } from '../components/upload-preferences';
import { WebhooksSection } from '../components/webhooks-section';

interface SettingsPageProps {
  user: User;
}

/** `/settings` (signed in only): profile, upload preferences, password, subscription, API keys, and deleting the account. */
export function SettingsPage({ user }: SettingsPageProps) {
  usePageTitle('Account Settings');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={pages.dashboard} size="sm">
          ← Back to Dashboard
        </Anchor>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Account Settings
        </Title>
        <ProfileInformation user={user} />
        <UploadPreferences user={user} />
        <ChangePasswordForm email={user.email} />
        <SubscriptionManagement />
        <ApiKeysSection user={user} />
        <WebhooksSection user={user} />
        <DangerZone />
      </Stack>
    </Container>
  );
}
