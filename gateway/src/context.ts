import type { GatewayConfig } from './config.js';
import { unauthenticated } from './errors.js';
import type { AccountModel } from './models.js';
import { loadAccount } from './upstream/account.js';
import type { PublicCache } from './upstream/public-cache.js';
import type { RequestUpstream } from './upstream/request-upstream.js';

/** What every resolver gets: the settings, this request's upstream, the clock, and the signed-in player. */
export interface GatewayContext {
  config: GatewayConfig;
  upstream: RequestUpstream;
  cache: PublicCache;
  clock: () => Date;
  /** The signed-in player (GET /api/account, once per request); null for guests. A bad token is UNAUTHENTICATED. */
  viewer(): Promise<AccountModel | null>;
  /** The signed-in player, or UNAUTHENTICATED. */
  requireViewer(): Promise<AccountModel>;
}

export function createContext(parts: Omit<GatewayContext, 'viewer' | 'requireViewer'>): GatewayContext {
  const viewer = () => (parts.upstream.token ? loadAccount(parts.upstream) : Promise.resolve(null));
  return {
    ...parts,
    viewer,
    async requireViewer() {
      const account = await viewer();
      if (!account) throw unauthenticated();
      return account;
    },
  };
}

/** The bearer token from an Authorization header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const m = /^Bearer\s+(\S{1,512})$/i.exec(header ?? '');
  return m ? m[1]! : null;
}
