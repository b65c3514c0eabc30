import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface LegalSectionProps {
  title: string;
  children: ReactNode;
}

export function LegalSection({ title, children }: LegalSectionProps) {
  return (
    <Stack component="section" gap="xs" c="dark.6" fz="md" lh={1.65}>
      <Title order={2} fz={{ base: 20, sm: 22 }} c="dark.8">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
