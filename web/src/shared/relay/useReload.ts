import { useState } from 'react';
import type { FetchPolicy } from 'relay-runtime';

/**
 * How a modal loads its query: what the store has at once, refreshed from the network on every opening
 * (docs/rules.md: opening the coupon dialog reloads its data); after a failure, `reload` asks the network again.
 */
export function useReload() {
  const [fetchKey, setFetchKey] = useState(0);
  const fetchPolicy: FetchPolicy = fetchKey === 0 ? 'store-and-network' : 'network-only';
  return { options: { fetchKey, fetchPolicy }, reload: () => setFetchKey((k) => k + 1) };
}
