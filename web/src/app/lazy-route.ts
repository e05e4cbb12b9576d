import type { ComponentType } from 'react';
import { createPath, type Path } from 'react-router';
import { isOnline, untilOnline } from '../shared/offline/connection';
import { withScreenEnvironment } from './ScreenEnvironment';

/*
 * A route's module, loaded when first visited, its screen rendered with its loader's environment
 * (./ScreenEnvironment.tsx). A module that fails to load (docs/architecture.md#offline-and-flaky-data):
 * - is asked for twice more, each time at a fresh address: the browser remembers a failed module by its address and
 *   would fail it again without asking the network (a phone's dropped request, not a missing file);
 * - then the page loads in full at the DESTINATION of the navigation that needed it (after a deploy the old build's
 *   files are gone, and the new build's page is what works); the player's click is not lost;
 * - a second failure in a row, on that new page, shows the error screen instead of loading again and again.
 * Offline, nothing is tried again until the network is back (the layout says the player is offline meanwhile).
 */
const RELOADED = 'play_live_reloaded_for_chunk';
const ATTEMPTS_AT_FRESH_ADDRESS = 2;

/** Where the router is going: its pending navigation's location, else where it is (the first load). */
let destination: () => string = () => window.location.href;

/** The router whose navigations a failed module's full load follows (createRouter in ./routes.tsx). */
export function followDestinations(router: {
  state: { location: Path; navigation: { location?: Path } };
}): void {
  destination = () => createPath(router.state.navigation.location ?? router.state.location);
}

/** The address of the module a failed dynamic import names (Chromium, Firefox and Safari all put it in the message). */
function failedModule(err: unknown): URL | null {
  const match = /https?:\/\/\S+?\.m?js\b/.exec(err instanceof Error ? err.message : String(err));
  return match ? new URL(match[0]) : null;
}

/** The failed module again, at a fresh address (its own imports keep theirs, so nothing loads twice). */
async function importAgain(err: unknown, attempt: number): Promise<unknown> {
  const address = failedModule(err);
  if (!address || address.origin !== window.location.origin) throw err;
  address.searchParams.set('retry', `${attempt}-${Date.now()}`);
  return import(/* @vite-ignore */ address.href);
}

export function lazyRoute<M, T extends { Component?: ComponentType }>(
  load: () => Promise<M>,
  shape: (module: M) => T = (module) => module as unknown as T,
): () => Promise<T> {
  const ready = (route: T): T => {
    window.sessionStorage.removeItem(RELOADED);
    return withScreen(route);
  };
  return async () => {
    // On the server (web/src/entry-server.tsx) a module that fails to load is a render failure: no retry, no reload.
    if (typeof window === 'undefined') return withScreen(shape(await load()));
    let failure: unknown;
    try {
      return ready(shape(await load()));
    } catch (err) {
      failure = err;
    }
    for (let attempt = 1; attempt <= ATTEMPTS_AT_FRESH_ADDRESS; attempt += 1) {
      try {
        if (!isOnline()) await untilOnline();
        // The same module at another address, shaped as the first would have been (a module another chunk holds
        // has other export names there: that counts as a failure).
        const route = shape((await importAgain(failure, attempt)) as M);
        if (route.Component) return ready(route);
      } catch (err) {
        failure = err;
      }
    }
    if (!window.sessionStorage.getItem(RELOADED)) {
      window.sessionStorage.setItem(RELOADED, '1');
      window.location.assign(destination());
      // The page is loading anew: never settle, so nothing renders meanwhile.
      return new Promise<T>(() => {});
    }
    throw failure;
  };
}

const withScreen = <T extends { Component?: ComponentType }>(module: T): T =>
  module.Component ? { ...module, Component: withScreenEnvironment(module.Component) } : module;
