import { Box, Burger, Button, Collapse, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BrandLink } from '../brand-link';
import { AccountMenu } from './account-menu';
import { MobileNavigation } from './mobile-navigation';
import { CONVERTER_LINK, HOME_SECTION_LINKS, SIGN_IN_LINK } from './nav-links';
import type { NavbarUser, NavLinkEntry } from './navbar-user';

interface NavbarProps {
  /** The signed-in user, or null for a visitor. */
  user: NavbarUser | null;
  onLogout: () => void;
  /** Entries of the shell the app runs in (the desktop app's own screens); none on the website. */
  appLinks?: readonly NavLinkEntry[];
}

const MOBILE_NAVIGATION_ID = 'mobile-navigation';

/**
 * The top bar. Features, Pricing and Sign In show only on the home page for signed-out visitors; a signed-in user
 * gets the account menu instead. Below `sm` everything moves into a collapsible menu behind a burger.
 */
export function Navbar({ user, onLogout, appLinks = [] }: NavbarProps) {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname, hash } = useLocation();
  const showHomeLinks = pathname === '/' && user === null;

  const closeMenu = menu.close;
  // Any navigation closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is what the effect answers, though it does not read it
  useEffect(() => {
    closeMenu();
  }, [pathname, hash, closeMenu]);

  const logout = () => {
    menu.close();
    onLogout();
  };

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" h={64}>
        <Group justify="space-between" h="100%" wrap="nowrap">
          <BrandLink />
          <Group component="nav" aria-label="Main navigation" gap="sm" visibleFrom="sm" wrap="nowrap">
            {[...(showHomeLinks ? HOME_SECTION_LINKS : []), ...appLinks].map((entry) => (
              <Button
                key={entry.to}
                component={Link}
                to={entry.to}
                variant="subtle"
                color="dark"
                aria-current={pathname === entry.to ? 'page' : undefined}
              >
                {entry.label}
              </Button>
            ))}
            <Button component={Link} to={CONVERTER_LINK.to} variant="light">
              {CONVERTER_LINK.label}
            </Button>
            {user ? (
              <AccountMenu user={user} onLogout={onLogout} />
            ) : (
              showHomeLinks && (
                <Button component={Link} to={SIGN_IN_LINK.to}>
                  {SIGN_IN_LINK.label}
                </Button>
              )
            )}
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label="Toggle navigation"
            aria-expanded={menuOpened}
            aria-controls={MOBILE_NAVIGATION_ID}
          />
        </Group>
      </Container>
      <Collapse expanded={menuOpened} hiddenFrom="sm" keepMounted={false}>
        <MobileNavigation
          id={MOBILE_NAVIGATION_ID}
          user={user}
          appLinks={appLinks}
          showHomeLinks={showHomeLinks}
          onNavigate={menu.close}
          onLogout={logout}
        />
      </Collapse>
    </Box>
  );
}
