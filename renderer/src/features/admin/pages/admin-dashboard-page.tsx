import { Button, Container, Group, Tabs, Title } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { useAdminToken, useEndAdminSession } from '../api';
import { ClientAccountsTab } from '../components/client-accounts-tab';
import { RevenueTab } from '../components/revenue-tab';

/** `/admin`: client accounts and revenue, for a signed-in administrator only. */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const [token] = useAdminToken();
  const endSession = useEndAdminSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('accounts');

  // No token, or one the server refused (the users call removes it): back to the login.
  if (!token) return <Navigate to={pages.adminLogin} replace />;

  const logout = () => {
    endSession();
    void navigate(pages.adminLogin, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1} fz={28}>
          Admin Dashboard
        </Title>
        <Button variant="default" onClick={logout}>
          Logout
        </Button>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="accounts">Client Accounts</Tabs.Tab>
          <Tabs.Tab value="revenue">Revenue</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts">
          <ClientAccountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="revenue">
          <RevenueTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
