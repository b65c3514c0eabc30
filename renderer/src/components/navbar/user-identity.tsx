import { Text } from '@mantine/core';
import type { NavbarUser } from './navbar-user';

/** The signed-in user's name over their email, each cut short with an ellipsis when too long. */
export function UserIdentity({ user }: { user: NavbarUser }) {
  return (
    <>
      <Text fw={600} size="sm" truncate="end">
        {user.name}
      </Text>
      <Text size="xs" c="gray.7" truncate="end">
        {user.email}
      </Text>
    </>
  );
}
