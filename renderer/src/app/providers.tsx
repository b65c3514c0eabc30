import { MantineProvider, Tooltip } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shrinkly/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useState } from 'react';
import { NotificationsRegion } from './notifications-region';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <ModalsProvider>
            <NotificationsRegion />
            {/* Tooltips share one delay: after one closes, the next opens at once for TOOLTIP_SKIP_DELAY_MS. */}
            <Tooltip.Group openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
              {children}
            </Tooltip.Group>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
