import { Card, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

interface FeatureCardProps {
  /** The icon's content: a drawn icon, or a short tag. */
  icon: ReactNode;
  color?: string;
  title: string;
  /** The heading level the card's title has on its page. */
  order: TitleOrder;
  children: ReactNode;
}

/** One point of a feature grid: an icon, a short title and a sentence. */
export function FeatureCard({ icon, color, title, order, children }: FeatureCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={order} fz="lg" mt="md" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dark.5">
        {children}
      </Text>
    </Card>
  );
}
