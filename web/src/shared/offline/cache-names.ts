/*
 * The service worker's runtime caches (web/build/service-worker.ts makes them), named once for the worker and the
 * page: the page fills the data cache before the worker controls it (shared/relay/offline-copy.ts) and empties it
 * at sign-out (shared/storage.ts).
 */

/** Pages as the site server sent them (the server-rendered HTML of pages seen, or the client shell). */
export const PAGES_CACHE = 'playlive-pages';
/** Query responses (GET /graphql) of recently seen screens. */
export const DATA_CACHE = 'playlive-data';
/** Game art and banners from the casino's assets host. */
export const ART_CACHE = 'playlive-art';
/** Screens' hashed JavaScript and CSS, kept as pages load them (the shell's own files are precached). */
export const ASSETS_CACHE = 'playlive-assets';
