import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@shrinkly/contract';

/** Shown instead of a blank page when a screen fails to render. A full reload brings the app back to a clean state. */
export function RouteErrorPage() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dark.5">{PRODUCT_NAME} hit an unexpected problem showing this page. Please try again.</Text>
        <Button component="a" href="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
