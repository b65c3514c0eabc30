import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
        <Stack gap={6} align="center" ta="center">
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {title}
          </Title>
          {subtitle && <Text c="dark.5">{subtitle}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
