import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../app/use-page-title';
import { PageHeading } from '../../../components/page-heading';

interface DesktopPageProps {
  title: string;
  intro: string;
  children: ReactNode;
}

/** The frame of each desktop screen: its title, one line on what it is for, and its cards. */
export function DesktopPage({ title, intro, children }: DesktopPageProps) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeading title={title} intro={intro} gap={4} fz={{ base: 26, sm: 32 }} />
        {children}
      </Stack>
    </Container>
  );
}
