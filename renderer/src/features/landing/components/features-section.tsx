import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPRESSION_LEVELS, DEFAULT_COMPRESSION_LEVEL } from '@shrinkly/contract';
import { FeatureCard } from '../../../components/feature-card';
import { PageSection, SectionHeading } from '../../../components/page-section';
import { LEVEL_LABELS } from '../../compression/level-labels';
import { FILE_FAMILIES } from '../file-families';

/** `#features`: what Shrinkly compresses and the three strengths. */
export function FeaturesSection() {
  return (
    <PageSection id="features">
      <SectionHeading id="features-title" title="Smart compression for every file">
        Shrinkly reads each file, chooses the right technique for its format and checks the result before you download it, so you
        get a smaller file that still opens and looks right.
      </SectionHeading>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FILE_FAMILIES.map((family) => (
          <FeatureCard
            key={family.name}
            order={3}
            title={family.name}
            icon={
              <Text fw={800} fz="xs">
                {family.tag}
              </Text>
            }
          >
            {family.description}
          </FeatureCard>
        ))}
      </SimpleGrid>

      <SectionHeading title="Three compression levels" fz={{ base: 24, sm: 30 }} mt={64}>
        Choose how far to go: keep every detail, find the sweet spot, or squeeze out every last byte.
      </SectionHeading>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {COMPRESSION_LEVELS.map((level) => {
          const label = LEVEL_LABELS[level];
          const recommended = level === DEFAULT_COMPRESSION_LEVEL;
          return (
            <Card
              key={level}
              withBorder
              radius="md"
              padding="lg"
              style={recommended ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
            >
              <Stack gap={6}>
                <Title order={3} fz="lg">
                  {label.label}
                </Title>
                {recommended && (
                  <Badge variant="light" w="fit-content">
                    Recommended
                  </Badge>
                )}
                <Text size="sm" c="dark.6">
                  {label.description}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </PageSection>
  );
}
