import { buildSchema } from 'graphql';
import { deprecatedCoordinates } from '../deprecation-policy.js';
import type { UsageEntry } from './export-format.js';
import { OVERFLOW_HASH } from './tally.js';

interface ClientTotals {
  requests: number;
  errors: number;
  cost: number;
  versions: Set<string>;
  operations: Map<
    string,
    { name: string | null; hash: string; requests: number; errors: number; cost: number }
  >;
  coordinates: Map<string, number>;
}

/** "1 request", "2 requests". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const operationLabel = (name: string | null, hash: string) =>
  hash === OVERFLOW_HASH ? '(past the entry bound)' : `${name ?? '(anonymous)'} ${hash.slice(0, 12)}`;

/**
 * `npm run usage -- report`: per client (busiest first), its requests, errors, cost and versions, its operations
 * (busiest first), and the deprecated coordinates it still uses, with the schema's reason (which names the
 * replacement and the earliest removal date: docs/partners.md's deprecation policy).
 */
export function usageReport(entries: readonly UsageEntry[], schemaSdl: string, period: string): string[] {
  const deprecations = deprecatedCoordinates(buildSchema(schemaSdl));
  const clients = new Map<string, ClientTotals>();
  for (const e of entries) {
    let c = clients.get(e.client);
    if (!c) {
      c = {
        requests: 0,
        errors: 0,
        cost: 0,
        versions: new Set(),
        operations: new Map(),
        coordinates: new Map(),
      };
      clients.set(e.client, c);
    }
    c.requests += e.requests;
    c.errors += e.errors;
    c.cost += e.cost;
    if (e.clientVersion !== null) c.versions.add(e.clientVersion);
    const key = `${e.operationName ?? ''}\n${e.operationHash}`;
    let op = c.operations.get(key);
    if (!op) {
      op = { name: e.operationName, hash: e.operationHash, requests: 0, errors: 0, cost: 0 };
      c.operations.set(key, op);
    }
    op.requests += e.requests;
    op.errors += e.errors;
    op.cost += e.cost;
    for (const [coordinate, n] of Object.entries(e.coordinates)) {
      c.coordinates.set(coordinate, (c.coordinates.get(coordinate) ?? 0) + n);
    }
  }
  const lines = [`Usage by client, ${period}: ${clients.size} client(s)`];
  const byRequests = <T extends { requests: number }>(a: [string, T], b: [string, T]) =>
    b[1].requests - a[1].requests || a[0].localeCompare(b[0]);
  for (const [name, c] of [...clients].sort(byRequests)) {
    const versions = c.versions.size > 0 ? `, versions ${[...c.versions].sort().join(' ')}` : '';
    lines.push(
      '',
      `${name}: ${count(c.requests, 'request')}, ${count(c.errors, 'error')}, cost ${c.cost}, ${count(c.operations.size, 'operation')}${versions}`,
    );
    for (const [, op] of [...c.operations].sort(byRequests)) {
      lines.push(
        `  ${operationLabel(op.name, op.hash)}: ${count(op.requests, 'request')}, ${count(op.errors, 'error')}, cost ${op.cost}`,
      );
    }
    const deprecated = [...c.coordinates]
      .map(([coordinate, n]) => ({ coordinate, n, reason: deprecations.get(coordinate) ?? null }))
      .filter((d) => d.reason !== null)
      .sort((a, b) => a.coordinate.localeCompare(b.coordinate));
    if (deprecated.length > 0) {
      lines.push('  still uses deprecated:');
      for (const d of deprecated) lines.push(`    ${d.coordinate} (${count(d.n, 'request')}): ${d.reason}`);
    }
  }
  return lines;
}
