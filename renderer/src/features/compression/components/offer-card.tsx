import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface OfferCardProps {
  /** The card's test id; its title's id is this plus `-title`. */
  testId: string;
  title: string;
  /** Beside the title (the price badge). */
  aside?: ReactNode;
  /** The way on: pay, or upgrade. */
  action: ReactNode;
  onCompressAnother: () => void;
  children: ReactNode;
}

/** A result card that asks for something before the file is compressed: the offer, its way on, or another file. */
export function OfferCard({ testId, title, aside, action, onCompressAnother, children }: OfferCardProps) {
  const titleId = `${testId}-title`;
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title id={titleId} order={3} fz="xl">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
        <Group gap="sm">
          {action}
          <Button size="md" variant="default" onClick={onCompressAnother}>
            Compress Another File
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
