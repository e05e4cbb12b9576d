import type { GraphQLError } from 'graphql';
import { gatewayError } from '../errors.js';

/** "12 minutes", "40 seconds": how long a refused client should wait, in a player's words. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** RATE_LIMITED, with extensions.retryAfter: the seconds until the client may try again. */
export function rateLimited(refusal: string, retryAfter: number): GraphQLError {
  return gatewayError('RATE_LIMITED', `${refusal} Please try again in ${waitInWords(retryAfter)}.`, {
    retryAfter,
  });
}
