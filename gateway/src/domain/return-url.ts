import { gatewayError } from '../errors.js';

/*
 * Where a payment page may send the player back to (a deposit's returnUrl): only the site itself. A return address
 * anywhere else would make the casino's payment page an open redirect: a page that players trust (they have just
 * paid on it) sending them to whatever address the deposit named, a look-alike sign-in page for one.
 *
 * The site's origins come from the configuration alone: ALLOWED_ORIGINS (the site's origins as browsers send them)
 * and RETURN_URL_ORIGINS (more of them, for return addresses only). Not from the request: its Origin and Host are
 * written by whoever sends it, and the one who would abuse a return address deposits with their own session, from
 * their own client, writing whatever headers they like. The payment provider keeps its own list as well (the
 * sandbox's SANDBOX_RETURN_ORIGINS), as a real one does.
 */

/**
 * An origin a return address may have: an exact origin (https://playlive.example), or a host at any port
 * (http://localhost:*), as a Content-Security-Policy source names one.
 */
const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?\/?$/i;

/** Whether a setting's value is such an origin (config.ts validates RETURN_URL_ORIGINS with it). */
export const isReturnOrigin = (value: string): boolean => ORIGIN_PATTERN.test(value);

/** Where `url` may return to by these patterns (exact origins, or a scheme and host at any port). */
function onOrigins(url: URL, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const match = ORIGIN_PATTERN.exec(pattern);
    if (!match) return false;
    const [, scheme, host, port] = match;
    if (port !== '*') return new URL(pattern).origin === url.origin;
    return (
      url.protocol === `${scheme!.toLowerCase()}:` && url.hostname === new URL(`${scheme}://${host}`).hostname
    );
  });
}

const MESSAGE = "returnUrl must be an http(s) address on the site's own origin.";

/**
 * The deposit's return address as it is sent on (normalised by the URL parser, so the backend reads the address
 * checked here), or BAD_USER_INPUT naming returnUrl: anything but an absolute http(s) address on one of the site's
 * origins (a relative path, javascript:, data:, another origin, an address with a user name or password in it).
 */
export function siteReturnUrl(value: string, siteOrigins: readonly string[]): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Not an absolute address: refused below.
  }
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    !onOrigins(url, siteOrigins)
  ) {
    throw gatewayError('BAD_USER_INPUT', MESSAGE, { fields: { returnUrl: [MESSAGE] } });
  }
  return url.href;
}
