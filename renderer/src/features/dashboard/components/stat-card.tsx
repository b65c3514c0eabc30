import { Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  title: string;
  loading: boolean;
  children: ReactNode;
}

/** One of the three statistics: a titled card, with skeleton lines while the stats load. */
export function StatCard({ title, loading, children }: StatCardProps) {
  const titleId = `stat-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby={titleId} aria-busy={loading}>
      <Stack gap="xs">
        <Text id={titleId} component="h2" size="sm" fw={700} c="dark.5" m={0} tt="uppercase" lts={0.5}>
          {title}
        </Text>
        {loading ? (
          <Stack gap={8} aria-hidden="true">
            <Skeleton height={28} width="60%" />
            <Skeleton height={10} />
          </Stack>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
