/** The admin screens, one chunk loaded only when an admin route is opened (visitors never download it). */
export { AdminDashboardPage } from './pages/admin-dashboard-page';
export { AdminLoginPage } from './pages/admin-login-page';
export { AdminResetPasswordPage } from './pages/admin-reset-password-page';
