import { Badge } from '@mantine/core';
import { type AdminPlanLabel, PLAN_BADGE_VARIANT } from '../plan';

export function PlanBadge({ plan }: { plan: AdminPlanLabel }) {
  const { variant, color } = PLAN_BADGE_VARIANT[plan];
  return (
    <Badge variant={variant} color={color}>
      {plan}
    </Badge>
  );
}
