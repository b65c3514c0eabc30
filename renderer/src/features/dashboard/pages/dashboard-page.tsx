import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { planFromFlags, type User } from '@shrinkly/contract';
import { useState } from 'react';
import { usePageTitle } from '../../../app/use-page-title';
import { FolderPlusIcon } from '../../../components/icons/file-icons';
import { MyFilesCard } from '../../files/components/my-files-card';
import { NewFolderDialog } from '../../files/components/new-folder-dialog';
import { useOpenFolder } from '../../files/use-open-folder';
import { BatchDialog } from '../../uploads/components/batch/batch-dialog';
import { UploadDialog } from '../../uploads/components/upload-dialog';
import { UploadMenu } from '../../uploads/components/upload-menu';
import { StatCards } from '../components/stat-cards';
import { TrialBanner } from '../components/trial-banner';

interface DashboardPageProps {
  user: User;
}

type DashboardDialog = 'upload' | 'batch' | 'folder' | null;

/** The signed-in home: `/dashboard`, and `/` for a signed-in user. */
export function DashboardPage({ user }: DashboardPageProps) {
  usePageTitle('Dashboard');
  const [dialog, setDialog] = useState<DashboardDialog>(null);
  const { folder } = useOpenFolder();
  const plan = planFromFlags(user);
  const free = plan === 'free';
  const closeDialog = () => setDialog(null);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="md">
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            Welcome, {user.name}!
          </Title>
          <Group gap="sm">
            <Button variant="default" leftSection={<FolderPlusIcon />} onClick={() => setDialog('folder')}>
              New Folder
            </Button>
            <UploadMenu batchLocked={free} onSingleUpload={() => setDialog('upload')} onBatch={() => setDialog('batch')} />
          </Group>
        </Group>
        <TrialBanner user={user} />
        <StatCards />
        <MyFilesCard freePlan={free} premium={plan === 'premium'} />
      </Stack>
      <NewFolderDialog opened={dialog === 'folder'} onClose={closeDialog} />
      <UploadDialog opened={dialog === 'upload'} onClose={closeDialog} user={user} folder={folder} />
      <BatchDialog opened={dialog === 'batch'} onClose={closeDialog} user={user} folder={folder} />
    </Container>
  );
}
