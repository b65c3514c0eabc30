/** The administrator the test server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD in global-setup.ts). */
export const TEST_ADMIN = { email: 'admin@shrinkly.local', password: 'admin test password' } as const;
