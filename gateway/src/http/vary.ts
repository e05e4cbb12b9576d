/** Adds a request header's name to a response's Vary unless it (or `*`) is there already. */
export function addVary(headers: Headers, name: string): void {
  const vary = headers.get('vary') ?? '';
  const names = vary.split(',').map((n) => n.trim().toLowerCase());
  if (names.includes(name.toLowerCase()) || names.includes('*')) return;
  headers.set('vary', vary ? `${vary}, ${name}` : name);
}
