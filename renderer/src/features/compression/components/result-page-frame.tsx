import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading';

interface ResultPageFrameProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The frame of the compression and payment result pages: a centred heading and the page's content. */
export function ResultPageFrame({ title, subtitle, children }: ResultPageFrameProps) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="lg">
        <PageHeading title={title} intro={subtitle} centered />
        {children}
      </Stack>
    </Container>
  );
}
