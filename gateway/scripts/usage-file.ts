/**
 * `npm run schema:check -- --usage FILE`: the usage export (`npm run usage -- export`, in the format of
 * gateway/src/usage/export-format.ts) read, and for each breaking change the clients and operations that used what
 * it changes in the period the file covers.
 */
import fs from 'node:fs';
import { ChangeType, type Change } from '@graphql-inspector/core';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import { UsageExport, type UsageEntry } from '../src/usage/export-format.js';

/** The file as read, or why it cannot be used (the caller's to fix). */
export function readUsageFile(file: string): { usage: UsageExport } | { error: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { error: `Cannot read the usage file ${file}: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { error: `The usage file ${file} is not JSON: ${(err as Error).message}` };
  }
  const parsed = UsageExport.safeParse(json);
  if (!parsed.success) {
    return {
      error:
        `The usage file ${file} is not a usage export (npm run usage -- export --out FILE writes one):\n` +
        z.prettifyError(parsed.error),
    };
  }
  return { usage: parsed.data };
}

/** One client's use of one operation in the period. */
export interface Use {
  client: string;
  versions: Set<string>;
  operationName: string | null;
  operationHash: string;
  requests: number;
}

/** The period and totals the file covers, for the report. */
export function usageSummary(file: string, usage: UsageExport): string {
  const hours = usage.entries.map((e) => e.hour).sort();
  const clients = new Set(usage.entries.map((e) => e.client));
  const operations = new Set(usage.entries.map((e) => e.operationHash));
  const requests = usage.entries.reduce((sum, e) => sum + e.requests, 0);
  // Each entry is an hour's requests, from the hour's start: the period ends an hour after the last one starts.
  const end = (hour: string) => new Date(Date.parse(hour) + 3_600_000).toISOString().replace('.000Z', 'Z');
  const period =
    hours.length > 0 ? `from ${hours[0]} to ${end(hours[hours.length - 1]!)}` : 'no requests recorded';
  return (
    `Usage (${file}, exported ${usage.exportedAt}): ${requests} request(s) of ${clients.size} client(s), ` +
    `${operations.size} operation(s), ${period}`
  );
}

/** The input types and enums reachable from the named type through input fields, itself included. */
function inputsReachable(schema: GraphQLSchema, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const type = schema.getType(name);
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      inputsReachable(schema, getNamedType(field.type).name, seen);
    }
  }
  return seen;
}

/** The named input type (or enum) a coordinate `Type.field(arg:)` or `Input.field` takes, in `schema`. */
function inputTypeOf(schema: GraphQLSchema, coordinate: string): string | null {
  const arg = /^(\w+)\.(\w+)\((\w+):\)$/.exec(coordinate);
  if (arg) {
    const type = schema.getType(arg[1]!);
    if (!isObjectType(type) && !isInterfaceType(type)) return null;
    const found = type.getFields()[arg[2]!]?.args.find((a) => a.name === arg[3]);
    return found ? getNamedType(found.type).name : null;
  }
  const [typeName, fieldName] = coordinate.split('.');
  const type = schema.getType(typeName ?? '');
  if (!isInputObjectType(type) || !fieldName) return null;
  const field = type.getFields()[fieldName];
  return field ? getNamedType(field.type).name : null;
}

/**
 * The entry's coordinates (with their request counts) that send a value of the input type or enum `name`: an
 * argument or input field whose type reaches it, or a field of it. Against the base schema, where they existed.
 */
function sendersOf(schema: GraphQLSchema, name: string, coordinates: Record<string, number>): number[] {
  return Object.entries(coordinates)
    .filter(([c]) => {
      if (c.startsWith(`${name}.`)) return true;
      const input = inputTypeOf(schema, c);
      return input !== null && inputsReachable(schema, input).has(name);
    })
    .map(([, n]) => n);
}

/**
 * Whether the requests of an entry used what a breaking change changes, going by its path (graphql-inspector's
 * `Type`, `Type.field`, `Type.field.arg`, `Input.field`, `Enum.VALUE`) against the export's coordinates:
 * - a type: any coordinate of it, or (an input type or enum) any argument or input field that sends it;
 * - an argument removed: the requests that passed it (`Type.field(arg:)`); one added as required or whose type
 *   changed: every request that selected the field (one that leaves it out breaks too); a changed default: requests
 *   that selected the field more often than they passed the argument;
 * - an input field added as required or changed: every request that sent its input type; a changed default: those
 *   that sent the type more often than the field; removed: those that sent the field;
 * - a field or enum value: the coordinate itself.
 */
function usedBy(schema: GraphQLSchema, change: Change, coordinates: Record<string, number>): boolean {
  const path = change.path;
  if (!path || path.includes('@')) return false;
  const count = (c: string) => coordinates[c] ?? 0;
  const parts = path.split('.');
  const [typeName, fieldName, argName] = parts as [string, string | undefined, string | undefined];
  const type = schema.getType(typeName);

  if (parts.length === 1) {
    const senders =
      isInputObjectType(type) || isEnumType(type) ? sendersOf(schema, typeName, coordinates) : [];
    return senders.length > 0 || Object.keys(coordinates).some((c) => c.startsWith(`${typeName}.`));
  }
  if (argName !== undefined) {
    const field = `${typeName}.${fieldName}`;
    const arg = `${field}(${argName}:)`;
    if (change.type === ChangeType.FieldArgumentRemoved) return count(arg) > 0;
    if (change.type === ChangeType.FieldArgumentDefaultChanged) return count(field) > count(arg);
    return count(field) > 0;
  }
  if (isInputObjectType(type)) {
    if (change.type === ChangeType.InputFieldRemoved) return count(path) > 0;
    const senders = sendersOf(schema, typeName, coordinates);
    if (change.type === ChangeType.InputFieldDefaultValueChanged)
      return senders.length > 0 && Math.max(...senders) > count(path);
    return senders.length > 0;
  }
  return count(path) > 0;
}

/** Each change's uses in the file: by client and operation, the requests summed over the period. */
export function usesOf(schema: GraphQLSchema, changes: Change[], entries: UsageEntry[]): Map<Change, Use[]> {
  const uses = new Map<Change, Use[]>();
  for (const change of changes) {
    const byOperation = new Map<string, Use>();
    for (const entry of entries) {
      if (!usedBy(schema, change, entry.coordinates)) continue;
      const key = `${entry.client}\n${entry.operationHash}`;
      const use = byOperation.get(key) ?? {
        client: entry.client,
        versions: new Set<string>(),
        operationName: entry.operationName,
        operationHash: entry.operationHash,
        requests: 0,
      };
      if (entry.clientVersion) use.versions.add(entry.clientVersion);
      use.requests += entry.requests;
      byOperation.set(key, use);
    }
    uses.set(change, [...byOperation.values()]);
  }
  return uses;
}

/** The report's lines under a change for its uses: one per client, naming each operation and its hash. */
export function describeUses(uses: Use[]): string[] {
  if (uses.length === 0) return ['unused by every client in the usage file'];
  const clients = [...new Set(uses.map((u) => u.client))].sort();
  return clients.map((client) => {
    const mine = uses.filter((u) => u.client === client);
    const versions = [...new Set(mine.flatMap((u) => [...u.versions]))].sort();
    const requests = mine.reduce((sum, u) => sum + u.requests, 0);
    const operations = mine
      .map((u) => `${u.operationName ?? '(anonymous)'} [${u.operationHash}]`)
      .sort()
      .join(', ');
    const who = versions.length > 0 ? `${client} (${versions.join(', ')})` : client;
    return `used by ${who}: ${operations}; ${requests} request(s)`;
  });
}
