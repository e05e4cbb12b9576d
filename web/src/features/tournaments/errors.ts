/** The gateway's message for a failed request (written for players), or the fallback for anything else. */
export function gatewayMessage(err: unknown, fallback: string): string {
  const errors = (err as { errors?: readonly { message?: string; extensions?: { code?: string } }[] }).errors;
  const first = errors?.[0];
  // Every gateway error carries a code; without one the error is the browser's (offline, aborted), not a reason.
  return first?.message && first.extensions?.code ? first.message : fallback;
}
