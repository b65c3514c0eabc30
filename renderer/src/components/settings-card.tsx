import { Card, Stack, type StackProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsCardProps extends Pick<StackProps, 'gap'> {
  /** The heading's id is this plus `-title`; it names the section. */
  id: string;
  title: string;
  children: ReactNode;
}

/** One card of Account Settings: a section named by its heading, its parts stacked under it. */
export function SettingsCard({ id, title, gap = 'sm', children }: SettingsCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap={gap}>
        <Title id={`${id}-title`} order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
