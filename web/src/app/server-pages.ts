/*
 * Which addresses the server renders (docs/architecture.md#server-rendering): every page a guest can read. Account
 * pages, a player's own lists, cashier returns and password resets are the client shell's, as is /webplay, which
 * only forwards to /webplay/all. An unknown address is rendered: it is the not-found page, answered with 404.
 */
const CLIENT_ONLY = [
  /^\/webplay\/?$/,
  /^\/webplay\/(favourites|recent-games)\/?$/,
  /^\/account(\/|$)/,
  /^\/password\//,
  /^\/capitec\/?$/,
  /^\/unavailable\/?$/,
];

export const isServerRendered = (pathname: string): boolean =>
  !CLIENT_ONLY.some((rule) => rule.test(pathname));
