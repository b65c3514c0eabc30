import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { platform } from './platform';

// Before rendering: the browser may offer installation before any component is there to hear it.
platform.install?.start();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
