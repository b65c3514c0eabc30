import { Box } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar/navbar';
import { PageLoader } from '../components/page-loader';
import { SkipLink } from '../components/skip-link';
import { useCurrentUser, useLogout } from '../features/account/api';
import { DesktopEvents, desktopNavLinks, IN_DESKTOP_APP } from '../features/desktop/desktop-app';
import { InstallPrompt } from '../features/install/components/install-prompt';

const MAIN_ID = 'main-content';

/**
 * Every page: navigation bar, the page, footer. While a stored token is turned into a user, only a spinner shows.
 * Inside the desktop app the bar also leads to its own screens, and the app's events are heard on every page.
 */
export function AppLayout() {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();

  return (
    <>
      {IN_DESKTOP_APP && <DesktopEvents />}
      {isLoading ? <PageLoader /> : <PageFrame user={user} onLogout={logout} />}
    </>
  );
}

function PageFrame({ user, onLogout }: { user: User | null; onLogout: () => void }) {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_ID} />
      <Navbar user={user} onLogout={onLogout} appLinks={desktopNavLinks} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
      {/* Installing the website as an app makes no sense inside the installed desktop app. */}
      {!IN_DESKTOP_APP && <InstallPrompt />}
      <ScrollRestoration />
    </Box>
  );
}
