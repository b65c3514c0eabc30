import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CheckList } from '../../../components/check-list';
import type { PricingPlan } from '../pricing-plans';

interface PlanCardProps {
  plan: PricingPlan;
}

export function PlanCard({ plan }: PlanCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow={plan.highlighted ? 'md' : undefined}
      aria-labelledby={`plan-${plan.id}`}
      component="article"
      style={plan.highlighted ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title id={`plan-${plan.id}`} order={3} fz="xl">
            {plan.name}
          </Title>
          {plan.highlighted && <Badge variant="filled">Start here</Badge>}
        </Group>
        <Box>
          <Text component="span" fz={36} fw={800} lh={1}>
            {plan.price}
          </Text>{' '}
          <Text component="span" c="dark.5" size="sm">
            {plan.priceNote}
          </Text>
        </Box>
        <Text size="sm" c="dark.5">
          {plan.description}
        </Text>
        <CheckList items={plan.features} spacing={8} style={{ flex: 1 }} />
        <Button
          component={Link}
          to={plan.action.to}
          state={plan.action.signUp ? { mode: 'signup' } : undefined}
          variant={plan.highlighted ? 'filled' : 'light'}
          fullWidth
        >
          {plan.action.label}
        </Button>
      </Stack>
    </Card>
  );
}
