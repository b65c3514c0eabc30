import { Badge, Box, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { PREMIUM_BENEFITS, TRIAL_DAYS } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { CheckList } from '../../../components/check-list';
import { PRICE_PER_MONTH } from '../plan-texts';

interface SubscribePlanCardProps {
  /** The payment buttons. */
  children: ReactNode;
}

/** The Premium plan: price, terms, benefits and how to pay. */
export function SubscribePlanCard({ children }: SubscribePlanCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow="md"
      component="section"
      aria-labelledby="premium-plan-title"
      style={{ borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title id="premium-plan-title" order={2} fz="xl">
            Premium
          </Title>
          <Badge variant="light">Monthly</Badge>
        </Group>
        <Box>
          <Text component="span" fz={36} fw={800} lh={1}>
            {PRICE_PER_MONTH}
          </Text>
        </Box>
        <Text size="sm" c="dark.5">
          New accounts start with a {TRIAL_DAYS}-day free trial. No setup fees, cancel anytime.
        </Text>
        <CheckList items={PREMIUM_BENEFITS} />
        <Divider />
        {children}
      </Stack>
    </Card>
  );
}
