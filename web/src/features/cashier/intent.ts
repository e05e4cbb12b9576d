/*
 * One idempotency key per deposit or withdrawal intent (docs/rules.md#payments). The key lives outside the modal,
 * for the life of the page: a double click, a retry after a timeout, or closing and reopening the cashier and
 * trying again sends the same key with the same request, and the backend returns the first payment again instead
 * of paying twice. A new key comes only when the request changes (another amount or method) or after a success.
 */

import { session } from '../../shared/session';

export type IntentKind = 'deposit' | 'withdrawal';

const intents = new Map<IntentKind, { request: string; key: string }>();
// Another session's intents are not this one's (docs/rules.md#sign-in-and-sessions).
session.onChange(() => intents.clear());

/** 128 random bits as hex: visible ASCII, as the schema asks (getRandomValues works outside secure contexts). */
function newKey(kind: IntentKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${kind}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The key for this request: the pending intent's when it is the same request, otherwise a new intent's. */
export function intentKey(kind: IntentKind, request: Record<string, string | boolean>): string {
  const signature = JSON.stringify(request);
  const pending = intents.get(kind);
  if (pending?.request === signature) return pending.key;
  const key = newKey(kind);
  intents.set(kind, { request: signature, key });
  return key;
}

/** The intent went through: the next payment is a new one. */
export function settleIntent(kind: IntentKind): void {
  intents.delete(kind);
}
