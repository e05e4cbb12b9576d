import type { ComponentType } from 'react';
import { withScreenEnvironment } from './ScreenEnvironment';

/*
 * A route's module, loaded when first visited, its screen rendered with its loader's environment
 * (./ScreenEnvironment.tsx). After a deploy the old chunks are gone: if one fails to load, the page reloads once to
 * pick up the new build; a second failure in a row shows the error screen instead of looping.
 */
const RELOADED = 'play_live_reloaded_for_chunk';

export function lazyRoute<T extends { Component?: ComponentType }>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    // On the server (web/src/entry-server.tsx) a module that fails to load is a render failure: no reload.
    if (typeof window === 'undefined') return withScreen(await load());
    try {
      const module = await load();
      window.sessionStorage.removeItem(RELOADED);
      return withScreen(module);
    } catch (err) {
      if (!window.sessionStorage.getItem(RELOADED)) {
        window.sessionStorage.setItem(RELOADED, '1');
        window.location.reload();
        // The reload is under way: never settle, so nothing renders meanwhile.
        return new Promise<T>(() => {});
      }
      throw err;
    }
  };
}

const withScreen = <T extends { Component?: ComponentType }>(module: T): T =>
  module.Component ? { ...module, Component: withScreenEnvironment(module.Component) } : module;
