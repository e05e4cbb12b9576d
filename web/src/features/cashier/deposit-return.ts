/*
 * The way back from a payment page (docs/rules.md#payments). A deposit gives the payment page a return address:
 * the page the player was on, with the wallet modal open and the deposit's provider named. The payment page adds
 * the deposit's paymentId and its own fields (the sandbox adds status). Back on the site, the deposit's status is
 * asked for by provider and paymentId, with every other field of the address passed on (the backend's
 * GET /api/wallet/depositStatus/{provider}/{paymentId}?{the rest}).
 */

export interface DepositReturn {
  /** The backend's name of the provider ("paypump"), as the return address names it. */
  provider: string;
  paymentId: string;
  /** The rest of the return address's query string, for the backend. */
  returnQuery: string;
}

/** The parameters of a return address this module reads (and takes out of the address once read). */
const OWN = ['provider', 'paymentId'] as const;

/** Where the payment page sends the player back to, for a deposit through this provider (PAYPUMP, ...). */
export function returnAddress(provider: string, where: Pick<Location, 'origin' | 'pathname'>): string {
  const url = new URL(where.pathname, where.origin);
  url.searchParams.set('modal', 'wallet');
  url.searchParams.set('provider', provider.toLowerCase());
  return url.toString();
}

/**
 * The deposit a return address names, or null when the address is not one. Every parameter but the modal's and
 * ours is the payment page's, passed on as they came.
 */
export function depositReturnFrom(search: string): DepositReturn | null {
  const params = new URLSearchParams(search);
  const provider = params.get('provider');
  const paymentId = params.get('paymentId');
  if (!provider || !paymentId) return null;
  for (const name of [...OWN, 'modal', 'mode']) params.delete(name);
  return { provider, paymentId, returnQuery: params.toString() };
}

/** The address without the return's parameters: once read, a reload or a shared link does not check it again. */
export function searchWithoutReturn(search: string, returned: DepositReturn): string {
  const params = new URLSearchParams(search);
  for (const name of OWN) params.delete(name);
  for (const name of new URLSearchParams(returned.returnQuery).keys()) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
