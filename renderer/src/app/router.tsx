import { pages } from '@shrinkly/contract';
import { createBrowserRouter } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { RequireUser } from '../features/account/components/require-user';
import { AuthPage } from '../features/account/pages/auth-page';
import { ResetPasswordPage } from '../features/account/pages/reset-password-page';
import { CompressionFailedPage } from '../features/compression/pages/compression-failed-page';
import { CompressionSuccessPage } from '../features/compression/pages/compression-success-page';
import { ConverterPage } from '../features/converter/pages/converter-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { PrivacyPage } from '../features/legal/pages/privacy-page';
import { RefundPage } from '../features/legal/pages/refund-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { PaymentErrorPage } from '../features/payments/pages/payment-error-page';
import { PaymentFailedPage } from '../features/payments/pages/payment-failed-page';
import { PaymentRedirectPage } from '../features/payments/pages/payment-redirect-page';
import { PaymentSuccessPage } from '../features/payments/pages/payment-success-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { SharedFilePage } from '../features/sharing/pages/shared-file-page';
import { SubscribePage } from '../features/subscription/pages/subscribe-page';
import { SubscriptionSuccessPage } from '../features/subscription/pages/subscription-success-page';
import { platform } from '../platform';
import { AppLayout } from './app-layout';
import { HomeRoute } from './home-route';

/** The admin screens come in their own chunk, fetched only when one of their routes opens. */
const adminScreens = () => import('../features/admin/admin-screens');

/** Paths come from the contract's `pages` where the server or other screens link to them too. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: pages.converter, element: <ConverterPage /> },
      { path: pages.auth, element: <AuthPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: pages.dashboard, element: <RequireUser>{(user) => <DashboardPage user={user} />}</RequireUser> },
      { path: pages.settings, element: <RequireUser>{(user) => <SettingsPage user={user} />}</RequireUser> },
      { path: pages.subscribe, element: <SubscribePage /> },
      { path: 'subscription-success', element: <SubscriptionSuccessPage /> },
      { path: 'compression-success', element: <CompressionSuccessPage /> },
      { path: pages.compressionFailed, element: <CompressionFailedPage /> },
      { path: 'payment-success/:type?', element: <PaymentSuccessPage /> },
      { path: 'payment-failed', element: <PaymentFailedPage /> },
      { path: 'payment-error', element: <PaymentErrorPage /> },
      { path: 'payment/:jobId', element: <PaymentRedirectPage /> },
      { path: 's/:token', element: <SharedFilePage /> },
      { path: pages.terms, element: <TermsPage /> },
      { path: pages.privacy, element: <PrivacyPage /> },
      { path: pages.refund, element: <RefundPage /> },
      { path: pages.adminLogin, lazy: async () => ({ Component: (await adminScreens()).AdminLoginPage }) },
      { path: pages.adminResetPassword, lazy: async () => ({ Component: (await adminScreens()).AdminResetPasswordPage }) },
      { path: pages.admin, lazy: async () => ({ Component: (await adminScreens()).AdminDashboardPage }) },
      // The shell's own pages (the desktop app's); none on the website.
      ...platform.screens.routes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
