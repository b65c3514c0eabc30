import { ActionIcon, Avatar, Box, Menu, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { initialOf, type NavbarUser } from './navbar-user';

interface AccountMenuProps {
  user: NavbarUser;
  onLogout: () => void;
}

/** The avatar button and its menu: name, email, Dashboard, Settings, Log out. */
export function AccountMenu({ user, onLogout }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="transparent" size={40} radius="xl" aria-label="Account menu">
          <Avatar component="span" color="blue" variant="filled" radius="xl" size={38}>
            {initialOf(user)}
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text fw={600} size="sm" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="gray.7" truncate="end">
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard">
          Dashboard
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
