import { createBrowserRouter } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { RequireUser } from '../features/account/components/require-user';
import { AuthPage } from '../features/account/pages/auth-page';
import { ResetPasswordPage } from '../features/account/pages/reset-password-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { PrivacyPage } from '../features/legal/pages/privacy-page';
import { RefundPage } from '../features/legal/pages/refund-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { AppLayout } from './app-layout';
import { HomeRoute } from './home-route';

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'dashboard', element: <RequireUser>{(user) => <DashboardPage user={user} />}</RequireUser> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'refund', element: <RefundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
