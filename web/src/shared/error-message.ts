/** Whether `err` is the browser's own failure to send (offline, refused): its raw text ("Failed to fetch") is not for players. */
export const isBrowserFailure = (err: unknown): boolean =>
  err instanceof TypeError || (err instanceof Error && err.cause instanceof TypeError);

/**
 * The text to show for a failed request: the gateway's own message (its errors list, or the error's message when
 * it is one of ours), else the caller's fallback. A network failure's raw text ("Failed to fetch") is not shown.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const errors = (err as { errors?: readonly { message?: string }[] } | null)?.errors;
  const first = errors?.[0]?.message;
  if (first) return first;
  if (isBrowserFailure(err)) return fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}
