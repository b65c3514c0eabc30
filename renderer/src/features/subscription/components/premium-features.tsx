import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { PREMIUM_BENEFITS } from '@shrinkly/contract';
import { CheckIcon } from '../../../components/icons/check-icon';

/** What Premium gives, one tile per benefit. */
export function PremiumFeatures() {
  return (
    <section aria-labelledby="premium-features-title">
      <Title id="premium-features-title" order={2} fz="xl" mb="md">
        Premium Features
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {PREMIUM_BENEFITS.map((benefit) => (
          <Card key={benefit} withBorder radius="md" padding="md">
            <ThemeIcon color="blue" variant="light" radius="xl" size={32} mb="xs">
              <CheckIcon />
            </ThemeIcon>
            <Text fw={600}>{benefit}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
