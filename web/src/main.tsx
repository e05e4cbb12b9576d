import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { session } from './shared/session';
import './ui/tokens.css';

const router = createRouter();

// The layout provides the environment its data was loaded into (a new one after each sign-in or sign-out); this
// one serves what renders outside it (the error screen).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={session.environment()}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
  </StrictMode>,
);

// What the site keeps for offline, once the first screen is up (app/service-worker.ts).
registerServiceWorker(router);
