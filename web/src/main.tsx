import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router';
import { handleUnauthenticated } from './app/relay/environment';
import { currentEnvironment } from './app/relay/current';
import { createRouter } from './app/routes';
import { onSessionChange, sessionRefused } from './app/session';
import './ui/tokens.css';

const router = createRouter();
onSessionChange(() => void router.revalidate());
handleUnauthenticated(sessionRefused);

// The layout provides the environment its data was loaded into (a new one after each sign-in or sign-out); this
// one serves what renders outside it (the error screen).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={currentEnvironment()}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
  </StrictMode>,
);
