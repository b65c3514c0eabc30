import { useCurrentUser } from '../features/account/api';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { LandingPage } from '../features/landing/pages/landing-page';

/** `/`: the dashboard for a signed-in user, the landing page for everyone else. */
export function HomeRoute() {
  const { user } = useCurrentUser();
  return user ? <DashboardPage user={user} /> : <LandingPage />;
}
