import { Anchor, Box, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MIN_AGE, PRODUCT_NAME, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { formatHours } from '../../../format/format-duration';
import { PRICING_PLANS } from '../pricing-plans';
import { PlanCard } from './plan-card';

/** `#pricing`: Free, Free Trial and Premium, then the terms that apply to all of them. */
export function PricingSection() {
  return (
    <Box
      component="section"
      id="pricing"
      aria-labelledby="pricing-title"
      py={{ base: 48, sm: 80 }}
      bg="gray.0"
      style={{ scrollMarginTop: 72 }}
    >
      <Container size="lg">
        <Stack align="center" gap="xs" ta="center" mb="xl">
          <Title id="pricing-title" order={2} fz={{ base: 28, sm: 36 }}>
            Simple, transparent pricing
          </Title>
          <Text c="dark.5" maw={620}>
            Start free, try everything, and upgrade only if {PRODUCT_NAME} earns its place in your workflow.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PRICING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
        <Stack align="center" gap="xs" mt="xl" ta="center">
          <Text fw={600}>No setup fees · Cancel anytime</Text>
          <Text size="sm" c="dark.5">
            Questions about billing? Read our{' '}
            <Anchor component={Link} to="/refund" size="sm">
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
      </Container>
    </Box>
  );
}
