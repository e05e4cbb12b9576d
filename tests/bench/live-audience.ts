import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';

/** Tournament 1, which the sandbox seeds; its global id is base64 of `Tournament:1`. */
export const TOURNAMENT_CHANNEL = 'tournament.1';
const WATCH_TOURNAMENT = `subscription {
  tournamentUpdated(id: "${Buffer.from('Tournament:1').toString('base64')}") { id usersCount }
}`;

/** One guest watching the tournament's board through a site: when its last update came, and how its sockets closed. */
interface Watcher {
  client: Client;
  lastEventAt: number;
  closeCodes: number[];
}

export interface LiveAudience {
  size: number;
  /** How many watchers have had an update since `at` (performance.now() ms). */
  deliveredSince(at: number): number;
  /** The close codes the watchers' sockets were closed with, and how often. */
  closeCodes(): Map<number, number>;
  /** Errors that ended a subscription for good (none should: every close is retried, as the site's app does). */
  errors: unknown[];
  close(): Promise<void>;
}

/**
 * The wait before reconnecting, as the site's app waits (web/src/shared/relay/environment.ts reconnectWait): a
 * second, doubling, with up to a second at random so a crowd does not come back at once.
 */
const reconnectWait = (retries: number) =>
  new Promise<void>((resolve) =>
    setTimeout(resolve, Math.min(30_000, 1000 * 2 ** retries) + Math.random() * 1000),
  );

/**
 * `size` guests watching tournament 1 through the sites in turn, one graphql-ws socket each, with the site's app's
 * settings: retry for ever, whatever closed the socket. The app resends its subscriptions on reconnecting, as
 * graphql-ws does here.
 */
export function watchTournament(sites: string[], size: number): LiveAudience {
  const errors: unknown[] = [];
  const watchers: Watcher[] = Array.from({ length: size }, (_, i) => {
    const watcher: Watcher = { client: null as unknown as Client, lastEventAt: -Infinity, closeCodes: [] };
    watcher.client = createClient({
      url: `${sites[i % sites.length]!.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait: reconnectWait,
      on: { closed: (event) => watcher.closeCodes.push((event as { code: number }).code) },
    });
    watcher.client.subscribe(
      { query: WATCH_TOURNAMENT },
      {
        next: () => (watcher.lastEventAt = performance.now()),
        error: (err) => errors.push(err),
        complete: () => {},
      },
    );
    return watcher;
  });
  return {
    size,
    errors,
    deliveredSince: (at) => watchers.filter((w) => w.lastEventAt > at).length,
    closeCodes() {
      const counts = new Map<number, number>();
      for (const code of watchers.flatMap((w) => w.closeCodes)) counts.set(code, (counts.get(code) ?? 0) + 1);
      return counts;
    },
    async close() {
      // A client whose last connection attempt failed rejects its dispose with that failure: nothing is left open.
      await Promise.all(watchers.map((w) => Promise.resolve(w.client.dispose()).catch(() => {})));
    },
  };
}

/**
 * The casino refreshing the tournament's board every `everyMs` (a refresh flag on its live channel, through the
 * sandbox's control route), so every watcher gets an update that often while its subscription holds.
 */
export function refreshTournament(sandboxUrl: string, everyMs: number): { stop(): void } {
  const publish = () =>
    fetch(`${sandboxUrl}/sandbox/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        channel: TOURNAMENT_CHANNEL,
        event: 'tournamentUpdated',
        data: { refresh: true },
      }),
    }).then(
      (res) => res.body?.cancel(),
      () => {},
    );
  const timer = setInterval(() => void publish(), everyMs);
  return { stop: () => clearInterval(timer) };
}
