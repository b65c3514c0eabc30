import { Anchor, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { MIN_AGE, PRODUCT_NAME, pages, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { PageSection, SectionHeading } from '../../../components/page-section';
import { formatHours } from '../../../format/format-duration';
import { PRICING_PLANS } from '../pricing-plans';
import { PlanCard } from './plan-card';

/** `#pricing`: Free, Free Trial and Premium, then the terms that apply to all of them. */
export function PricingSection() {
  return (
    <PageSection id="pricing" bg="gray.0">
      <SectionHeading id="pricing-title" title="Simple, transparent pricing">
        Start free, try everything, and upgrade only if {PRODUCT_NAME} earns its place in your workflow.
      </SectionHeading>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PRICING_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
      <Stack align="center" gap="xs" mt="xl" ta="center">
        <Text fw={600}>No setup fees · Cancel anytime</Text>
        <Text size="sm" c="dark.5">
          Questions about billing? Read our{' '}
          <Anchor component={Link} to={pages.refund} size="sm">
            Refund Policy
          </Anchor>
          .
        </Text>
      </Stack>
      <List size="sm" c="dark.5" mt="lg" spacing={4} maw={720} mx="auto">
        <List.Item>
          Uploaded files are deleted from temporary storage after {formatHours(TEMPORARY_FILE_TTL_MS)} unless they are stored in
          an account.
        </List.Item>
        <List.Item>
          You must be at least {MIN_AGE} years old to use {PRODUCT_NAME}.
        </List.Item>
      </List>
    </PageSection>
  );
}
