/**
 * A request's path as the request log writes it: no query string, and no capability in the path (a document's upload
 * token: docs/rules.md#know-your-player), which anyone reading the log could otherwise use.
 */
export function loggedPath(url: string): string {
  return url.split('?')[0]!.replace(/^\/uploads\/verification\/[^/]+/, '/uploads/verification/:token');
}
