import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../app/use-page-title';

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
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dark.5">{intro}</Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
