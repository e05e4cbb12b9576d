import type { SandboxConfig } from '../config.js';

/*
 * A payment provider sends the player back only to the merchant's own addresses: a deposit's returnUrl must be on
 * one of the sandbox's return origins (SANDBOX_RETURN_ORIGINS, by default SANDBOX_SITE_ORIGINS), or the payment
 * page would be an open redirect, taking players who have just paid wherever the deposit said.
 */

/** scheme://host with a port, any port (*) or none, as SANDBOX_SITE_ORIGINS writes an origin. */
const ORIGIN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?\/?$/i;

/** The origins a deposit may return to. */
export const returnOrigins = (config: SandboxConfig): readonly string[] =>
  config.returnOrigins ?? config.siteOrigins;

/** Whether `returnUrl` is an absolute http(s) address, without a user name or password, on one of `origins`. */
export function isAllowedReturnUrl(returnUrl: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return origins.some((origin) => {
    const match = ORIGIN.exec(origin);
    if (!match) return false;
    const [, scheme, host, port] = match;
    if (port !== '*') return new URL(origin).origin === url.origin;
    return (
      url.protocol === `${scheme!.toLowerCase()}:` && url.hostname === new URL(`${scheme}://${host}`).hostname
    );
  });
}
