import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the account and admin sign-in, reset and sign-up screens sit in. */
export function AuthCard({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Container size={width} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
    </Container>
  );
}

/** The card's page heading and the line under it. */
export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Text c="dark.5" size="sm">
        {subtitle}
      </Text>
    </Stack>
  );
}
