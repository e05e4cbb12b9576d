/**
 * The user agents of the search engines' crawlers and the link previewers (a shared link's card): they get a page
 * whole, in one piece, with no script (docs/architecture.md#server-rendering), as a reader that runs none needs it.
 *
 * A short list of our own rather than a package such as isbot: isbot also counts headless browsers and auditors
 * ("HeadlessChrome", "Chrome-Lighthouse"), and even Node's own fetch ("node"), as bots, so the Lighthouse bench and the
 * browser tests would measure a page no player gets. A crawler this list misses gets the streamed page, which is
 * whole HTML too (its slow parts after the shell, in hidden elements); a phone it wrongly matched would get its page a
 * little later, not a broken one. Cubot is a phone maker, not a bot.
 */
const CRAWLER =
  /(?<!cu)bot\b|crawler|spider|slurp|facebookexternalhit|facebookcatalog|whatsapp|embedly|skypeuripreview|vkshare|pinterest|google-inspectiontool/i;

export const isCrawler = (userAgent: string | undefined): boolean => CRAWLER.test(userAgent ?? '');
