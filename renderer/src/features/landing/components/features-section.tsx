import { Badge, Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { COMPRESSION_LEVELS, DEFAULT_COMPRESSION_LEVEL } from '@shrinkly/contract';
import { LEVEL_LABELS } from '../../compression/level-labels';
import { FILE_FAMILIES } from '../file-families';

/** `#features`: what Shrinkly compresses and the three strengths. */
export function FeaturesSection() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      py={{ base: 48, sm: 80 }}
      style={{ scrollMarginTop: 72 }}
    >
      <Container size="lg">
        <Stack align="center" gap="xs" ta="center" mb="xl">
          <Title id="features-title" order={2} fz={{ base: 28, sm: 36 }}>
            Smart compression for every file
          </Title>
          <Text c="dark.5" maw={620}>
            Shrinkly reads each file, chooses the right technique for its format and checks the result before you download it, so
            you get a smaller file that still opens and looks right.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FILE_FAMILIES.map((family) => (
            <Card key={family.name} withBorder radius="md" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                <Text fw={800} fz="xs">
                  {family.tag}
                </Text>
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md" mb={6}>
                {family.name}
              </Title>
              <Text size="sm" c="dark.5">
                {family.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Stack align="center" gap="xs" ta="center" mt={64} mb="xl">
          <Title order={2} fz={{ base: 24, sm: 30 }}>
            Three compression levels
          </Title>
          <Text c="dark.5" maw={620}>
            Choose how far to go: keep every detail, find the sweet spot, or squeeze out every last byte.
          </Text>
        </Stack>
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
      </Container>
    </Box>
  );
}
