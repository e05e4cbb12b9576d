/**
 * The player's low-data choice ('on' or 'off'), in local storage and in a cookie of the same name that the site
 * server reads (web/server/low-data.ts): in a module of its own so the server imports no browser code.
 */
export const LOW_DATA_KEY = 'play_live_low_data';
