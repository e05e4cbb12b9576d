import type { Plugin } from 'graphql-yoga';
import { varyByOrigin } from './cors.js';
import { cacheHeaders } from './http-caching.js';
import { securityHeaders, type GraphiqlPage } from './security-headers.js';

/**
 * The headers every response gets, in one response hook rather than one per rule: each hook Yoga runs costs every
 * request a few allocations, and these run for all of them (the rules themselves stay in their own modules).
 */
export function responseHeaders(graphiql: GraphiqlPage): Plugin {
  return {
    onResponse({ request, response }) {
      securityHeaders(graphiql, response.headers);
      varyByOrigin(response.headers);
      cacheHeaders(request, response.headers);
    },
  };
}
