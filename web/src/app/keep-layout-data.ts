import { fetchQuery } from 'react-relay';
import { getRequest } from 'relay-runtime';
import { DATA_CACHE } from '../shared/offline/cache-names';
import { graphqlRequest } from '../shared/relay/environment';
import { session } from '../shared/session';
import { sessionToken } from '../shared/storage';
import { AppLayoutQuery } from './layout/AppLayout';

/**
 * The layout's data, kept for offline (docs/architecture.md#offline-and-flaky-data). A page the server rendered
 * brought it as records, so no response of it passed the service worker; offline, a page that was not kept opens as
 * the client shell, which needs it before anything shows. Asked for once, when the worker's data cache lacks it (one
 * small response; the screens' own queries are kept as they go by).
 */
export async function keepLayoutData(): Promise<void> {
  const token = sessionToken();
  const { url } = graphqlRequest(getRequest(AppLayoutQuery).params, {});
  // Keyed as the worker keeps it: the address, and the session (the gateway's Vary: Authorization).
  const kept = await caches
    .open(DATA_CACHE)
    .then((cache) =>
      cache.match(new Request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })),
    );
  if (kept) return;
  fetchQuery(
    session.environment(),
    AppLayoutQuery,
    {},
    {
      fetchPolicy: 'network-only',
      networkCacheConfig: { metadata: { silent: true } },
    },
  ).subscribe({});
}
