import { Avatar, Box, Button, type ButtonProps, Divider, Group, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ACCOUNT_LINKS, CONVERTER_LINK, HOME_SECTION_LINKS, SIGN_IN_LINK } from './nav-links';
import { initialOf, type NavbarUser, type NavLinkEntry } from './navbar-user';
import { UserIdentity } from './user-identity';

interface MobileNavigationProps {
  id: string;
  user: NavbarUser | null;
  appLinks: readonly NavLinkEntry[];
  showHomeLinks: boolean;
  onNavigate: () => void;
  onLogout: () => void;
}

/** The collapsible menu of small screens: the same entries as the bar and the account menu. */
export function MobileNavigation({ id, user, appLinks, showHomeLinks, onNavigate, onLogout }: MobileNavigationProps) {
  const link = (entry: NavLinkEntry, look: Pick<ButtonProps, 'variant' | 'color'> = { variant: 'subtle', color: 'dark' }) => (
    <Button key={entry.to} component={Link} to={entry.to} {...look} justify="flex-start" onClick={onNavigate}>
      {entry.label}
    </Button>
  );
  return (
    <Box component="nav" id={id} aria-label="Mobile navigation" px="md" pb="md">
      <Stack gap={4}>
        {[...(showHomeLinks ? HOME_SECTION_LINKS : []), ...appLinks].map((entry) => link(entry))}
        {link(CONVERTER_LINK, { variant: 'light' })}
        {user ? (
          <>
            <Divider my="xs" />
            <Group gap="sm" wrap="nowrap" px="xs" py={4}>
              <Avatar color="blue" variant="filled" radius="xl" aria-hidden="true">
                {initialOf(user)}
              </Avatar>
              <Box miw={0}>
                <UserIdentity user={user} />
              </Box>
            </Group>
            {ACCOUNT_LINKS.map((entry) => link(entry))}
            <Button variant="subtle" color="red" justify="flex-start" onClick={onLogout}>
              Log out
            </Button>
          </>
        ) : (
          showHomeLinks && link(SIGN_IN_LINK, {})
        )}
      </Stack>
    </Box>
  );
}
