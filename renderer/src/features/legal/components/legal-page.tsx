import { Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../app/use-page-title';
import { BackHomeHeading } from '../../../components/back-home-heading';
import { formatLongDate } from '../../../format/format-date';

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** Frame of a legal page: back link, title, "Last updated" (today, as docs/product/SPEC.md §2 asks), then the sections. */
export function LegalPage({ title, intro, children }: LegalPageProps) {
  usePageTitle(title);
  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <BackHomeHeading>{title}</BackHomeHeading>
      <Text size="sm" c="dark.4" mt={6}>
        Last updated: {formatLongDate(new Date())}
      </Text>
      <Text mt="lg" c="dark.6">
        {intro}
      </Text>
      <Stack gap="xl" mt="xl">
        {children}
      </Stack>
    </Container>
  );
}
