import type { Environment } from 'relay-runtime';
import { createEnvironment } from './environment';

/*
 * The environment in use. A sign-in or sign-out replaces it whole: personal fields live on shared records
 * (Game.isFavourite, Tournament.joined), so one player's data must never be read from a store another filled.
 * Route loaders load into the current one; the layout renders with the environment its loaded query belongs to,
 * so a screen never mixes the two while the new session's data is on its way.
 */
let current = createEnvironment();

export const currentEnvironment = (): Environment => current.environment;

export function resetEnvironment(): void {
  current.dispose();
  current = createEnvironment();
}
