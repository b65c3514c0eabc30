import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_LIMIT } from '@shrinkly/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <ModalsProvider>
            <Notifications
              limit={NOTIFICATION_LIMIT}
              autoClose={NOTIFICATION_DURATION_MS}
              position="top-right"
              zIndex={1000}
            />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
