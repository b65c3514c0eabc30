import { Avatar, Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { initialOf, type NavbarUser, type NavLinkEntry } from './navbar-user';

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
  return (
    <Box component="nav" id={id} aria-label="Mobile navigation" px="md" pb="md">
      <Stack gap={4}>
        {showHomeLinks && (
          <>
            <Button component={Link} to="/#features" variant="subtle" color="dark" justify="flex-start" onClick={onNavigate}>
              Features
            </Button>
            <Button component={Link} to="/#pricing" variant="subtle" color="dark" justify="flex-start" onClick={onNavigate}>
              Pricing
            </Button>
          </>
        )}
        {appLinks.map((entry) => (
          <Button
            key={entry.to}
            component={Link}
            to={entry.to}
            variant="subtle"
            color="dark"
            justify="flex-start"
            onClick={onNavigate}
          >
            {entry.label}
          </Button>
        ))}
        <Button component={Link} to="/converter" variant="light" justify="flex-start" onClick={onNavigate}>
          Free Converter
        </Button>
        {user ? (
          <>
            <Divider my="xs" />
            <Group gap="sm" wrap="nowrap" px="xs" py={4}>
              <Avatar color="blue" variant="filled" radius="xl" aria-hidden="true">
                {initialOf(user)}
              </Avatar>
              <Box miw={0}>
                <Text fw={600} size="sm" truncate="end">
                  {user.name}
                </Text>
                <Text size="xs" c="gray.7" truncate="end">
                  {user.email}
                </Text>
              </Box>
            </Group>
            <Button component={Link} to="/dashboard" variant="subtle" color="dark" justify="flex-start" onClick={onNavigate}>
              Dashboard
            </Button>
            <Button component={Link} to="/settings" variant="subtle" color="dark" justify="flex-start" onClick={onNavigate}>
              Settings
            </Button>
            <Button variant="subtle" color="red" justify="flex-start" onClick={onLogout}>
              Log out
            </Button>
          </>
        ) : (
          showHomeLinks && (
            <Button component={Link} to="/auth" justify="flex-start" onClick={onNavigate}>
              Sign In
            </Button>
          )
        )}
      </Stack>
    </Box>
  );
}
