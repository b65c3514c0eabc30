import { Container, Title } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { usePageTitle } from '../../../app/use-page-title';

interface DashboardPageProps {
  user: User;
}

/** The signed-in home: `/dashboard`, and `/` for a signed-in user. */
export function DashboardPage({ user }: DashboardPageProps) {
  usePageTitle('Dashboard');
  return (
    <Container size="lg" py="xl">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Welcome, {user.name}!
      </Title>
    </Container>
  );
}
