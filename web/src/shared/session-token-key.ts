/**
 * Where the player's session token is kept in local storage (./storage.ts). Its own module, free of the DOM, as the
 * site server's page starter (web/server/page-start.ts) reads it too.
 */
export const SESSION_TOKEN_KEY = 'play_live_session_token';
