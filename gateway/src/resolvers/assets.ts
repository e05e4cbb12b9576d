import type { GatewayContext } from '../context.js';

/**
 * An image or video address as a browser can open it: the backend gives paths on its own host
 * (/images/games/x.webp), returned as full addresses on the casino's assets base; full addresses pass as they are.
 */
export function assetUrl(path: string, ctx: GatewayContext): string;
export function assetUrl(path: string | null, ctx: GatewayContext): string | null;
export function assetUrl(path: string | null, ctx: GatewayContext): string | null {
  if (path === null || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${ctx.config.casinoAssetsUrl ?? ctx.config.casinoApiUrl}${path}`;
}
