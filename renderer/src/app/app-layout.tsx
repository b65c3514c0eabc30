import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar/navbar';
import { PageLoader } from '../components/page-loader';
import { SkipLink } from '../components/skip-link';
import { useCurrentUser, useLogout } from '../features/account/api';
import { InstallPrompt } from '../features/install/components/install-prompt';

const MAIN_ID = 'main-content';

/** Every page: navigation bar, the page, footer. While a stored token is turned into a user, only a spinner shows. */
export function AppLayout() {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();

  if (isLoading) return <PageLoader />;

  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_ID} />
      <Navbar user={user} onLogout={logout} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
      <InstallPrompt />
      <ScrollRestoration />
    </Box>
  );
}
