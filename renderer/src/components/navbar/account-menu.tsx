import { ActionIcon, Avatar, Box, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ACCOUNT_LINKS } from './nav-links';
import { initialOf, type NavbarUser } from './navbar-user';
import { UserIdentity } from './user-identity';

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
          <UserIdentity user={user} />
        </Box>
        <Menu.Divider />
        {ACCOUNT_LINKS.map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to}>
            {entry.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
