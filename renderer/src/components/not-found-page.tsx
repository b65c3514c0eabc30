import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/use-page-title';

/** Any path the app does not know. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={900} c="blue.2" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dark.5">The page you are looking for does not exist or has been moved.</Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
