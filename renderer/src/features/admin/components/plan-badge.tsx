import { Badge } from '@mantine/core';
import { PLAN_BADGE_VARIANT, type AdminPlanLabel } from '../plan';

export function PlanBadge({ plan }: { plan: AdminPlanLabel }) {
  const { variant, color } = PLAN_BADGE_VARIANT[plan];
  return (
    <Badge variant={variant} color={color}>
      {plan}
    </Badge>
  );
}
