import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router';
import { Announce } from './app/Announce';
import { hydrationData, nextTask } from './app/hydrate';
import { createRouter, routes } from './app/routes';
import { keepInlinedStyles } from './app/keep-inlined-styles';
import { keepLayoutData } from './app/keep-layout-data';
import { registerServiceWorker } from './app/service-worker';
import { HYDRATING_EVENT } from './shared/page-events';
import { setRenderContext } from './shared/render-context';
import { serverPage } from './shared/relay/server-page';
import { session } from './shared/session';
import './ui/tokens.css';

const root = document.getElementById('root')!;

// The layout provides the environment its data was loaded into (a new one after each sign-in or sign-out); this
// one serves what renders outside it (the error screen).
const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <RelayEnvironmentProvider environment={session.environment()}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
    <Announce />
  </StrictMode>
);

/*
 * A page the server rendered for a guest is hydrated: its records are already in the session's first store
 * (shared/session.ts), the matched routes load with their data, and the first render is the server's, read at the
 * instant the server rendered it (docs/architecture.md#server-rendering). A player's tab (a token held, the
 * server's page a guest's) and the client shell render from scratch, as before.
 */
async function start() {
  const page = session.signedIn() ? null : serverPage();
  if (!page) {
    const router = createRouter();
    createRoot(root).render(app(router));
    return router;
  }
  const hydrating = { now: page.now };
  setRenderContext(() => hydrating);
  let data;
  try {
    data = await hydrationData(routes);
  } catch {
    // A route's code or data could not be had now: the app renders as from the shell (and asks again).
    const router = createRouter();
    createRoot(root).render(app(router));
    return router;
  }
  // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between them, instead
  // of one long task: the page is already on screen, and a player's tap during hydration is answered sooner.
  await nextTask();
  const router = createRouter(data);
  await nextTask();
  performance.mark(HYDRATING_EVENT);
  window.dispatchEvent(new Event(HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
  return router;
}

// What the site keeps for offline, once the first screen is up (app/service-worker.ts).
void start().then((router) =>
  registerServiceWorker(router, async () => {
    await Promise.all([keepLayoutData(), keepInlinedStyles()]);
  }),
);
