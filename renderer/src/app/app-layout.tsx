import { Box } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar/navbar';
import { PageLoader } from '../components/page-loader';
import { SkipLink } from '../components/skip-link';
import { useCurrentUser, useLogout } from '../features/account/api';
import { InstallPrompt } from '../features/install/components/install-prompt';
import { platform } from '../platform';

const MAIN_ID = 'main-content';
const { Events: ShellEvents, navLinks: shellNavLinks } = platform.screens;

/**
 * Every page: navigation bar, the page, footer. While a stored token is turned into a user, only a spinner shows.
 * The shell's own screens get their entries in the bar (the desktop app's), and its events are heard on every page.
 */
export function AppLayout() {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();

  return (
    <>
      <ShellEvents />
      {isLoading ? <PageLoader /> : <PageFrame user={user} onLogout={logout} />}
    </>
  );
}

function PageFrame({ user, onLogout }: { user: User | null; onLogout: () => void }) {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_ID} />
      <Navbar user={user} onLogout={onLogout} appLinks={shellNavLinks} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
      {/* Shown only where the platform can install the app: never inside the installed desktop app. */}
      <InstallPrompt />
      <ScrollRestoration />
    </Box>
  );
}
