/*
 * One idempotency key per deposit or withdrawal intent (docs/rules.md#payments). The key is kept for the session in
 * this tab (sessionStorage, play_live_payment_intents): a double click, a retry after a timeout, closing and
 * reopening the cashier, or reloading the page and trying again sends the same key with the same request, and the
 * backend returns the first payment again instead of paying twice. A new key comes only when the request changes
 * (another amount or method) or once the intent's outcome is known (a success or a refusal). Signing out forgets it.
 */

import { session } from '../../shared/session';
import { keepForSession, keptForSession, PAYMENT_INTENTS_KEY } from '../../shared/storage';

export type IntentKind = 'deposit' | 'withdrawal';

type Intents = Partial<Record<IntentKind, { request: string; key: string }>>;

const kept = (): Intents => keptForSession<Intents>(PAYMENT_INTENTS_KEY) ?? {};

// Another session's intents are not this one's (docs/rules.md#sign-in-and-sessions).
session.onChange(() => keepForSession(PAYMENT_INTENTS_KEY, null));

/** 128 random bits as hex: visible ASCII, as the schema asks (getRandomValues works outside secure contexts). */
function newKey(kind: IntentKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${kind}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The key for this request: the pending intent's when it is the same request, otherwise a new intent's. */
export function intentKey(kind: IntentKind, request: Record<string, string | boolean>): string {
  const signature = JSON.stringify(request);
  const intents = kept();
  const pending = intents[kind];
  if (pending?.request === signature) return pending.key;
  const key = newKey(kind);
  keepForSession(PAYMENT_INTENTS_KEY, { ...intents, [kind]: { request: signature, key } });
  return key;
}

/** The intent's outcome is known (it went through, or was refused): the next payment is a new one. */
export function settleIntent(kind: IntentKind): void {
  const intents = kept();
  if (!intents[kind]) return;
  delete intents[kind];
  keepForSession(PAYMENT_INTENTS_KEY, Object.keys(intents).length > 0 ? intents : null);
}
