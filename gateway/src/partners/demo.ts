import { PARTNER_DEFAULTS, type Partner } from './partner.js';

/**
 * The demo partner's key, for trying the gateway as a partner against `npm start` or `npm run dev` (docs/partners.md).
 * Only a gateway outside production knows it: in production (NODE_ENV=production) it is refused as any unknown key.
 */
export const DEMO_PARTNER_KEY = 'pl_demo_partner_key_for_local_development_only';

/** Its name, which `npm run partner -- create` does not give to another partner. */
export const DEMO_PARTNER_NAME = 'demo';

/** The demo partner: kept by the gateway itself (never in the store), servers only, the default budgets. */
export const DEMO_PARTNER: Partner = {
  name: DEMO_PARTNER_NAME,
  origins: [],
  ratePerMinute: PARTNER_DEFAULTS.ratePerMinute,
  costPerMinute: PARTNER_DEFAULTS.costPerMinute,
  operations: new Map(),
};
