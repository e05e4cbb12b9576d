/**
 * `npm run partner -- <command>`: the partners of the gateway (docs/partners.md), kept where the gateway reads them:
 * in Redis with REDIS_URL, otherwise in the file PARTNER_STORE (default .data/partners.json). Every replica sees a
 * change within a second, without a restart.
 *
 *   create NAME [--origins a,b] [--rate N] [--cost N]   a new partner; its key alone on the last line, shown once
 *   revoke NAME                                        its keys are refused from now on
 *   rotate NAME [--grace-hours H]                      a new key (last line); the old one works H hours more (24)
 *   list                                               every partner: origins, budgets, operations, state
 *   publish NAME FILE.graphql                          registers the file's operations (replacing the partner's;
 *                                                      `-` reads them from standard input)
 *
 * Exit codes: 0 done, 1 a published file refused (its errors listed), 2 bad usage, an unknown partner, a file or
 * store that cannot be read. Keys are printed once and never kept: the store holds their SHA-256 (keys.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSchema } from 'graphql';
import { Redis } from 'ioredis';
import { configFromEnv } from '../config.js';
import { schemaPath } from '../schema.js';
import { DEMO_PARTNER_NAME } from './demo.js';
import { keyHash, newPartnerKey } from './keys.js';
import { PARTNER_DEFAULTS } from './partner.js';
import { publishedOperations } from './publish.js';
import {
  DEFAULT_PARTNER_STORE,
  FilePartnerStore,
  PARTNER_NAME,
  PartnerStoreError,
  RedisPartnerStore,
  type PartnerRecord,
  type PartnerStore,
} from './store.js';

const USAGE = `Usage: npm run partner -- <command>

  create NAME [--origins a,b] [--rate N] [--cost N]
      A new partner (NAME: lower-case letters, digits and -). Its API key is printed alone on the last line, once.
        --origins  the browser origins its key may be used from (none: servers only)
        --rate     requests per minute (default ${PARTNER_DEFAULTS.ratePerMinute})
        --cost     operation cost per minute (default ${PARTNER_DEFAULTS.costPerMinute})
  revoke NAME
      Its keys are refused from now on (UNAUTHENTICATED, reason revoked).
  rotate NAME [--grace-hours H]
      A new key, printed on the last line; the old one keeps working for H hours (default 24), then is refused.
  list
      Every partner: origins, budgets, registered operations and state (never keys).
  publish NAME FILE.graphql
      Validates the file against the schema and registers each of its operations (with the fragments it uses) for
      the partner, replacing those it had; prints each operation's hash (SHA-256 of its registered text).
      FILE - reads the operations from standard input.

Partners are kept in Redis when REDIS_URL is set, otherwise in the file PARTNER_STORE (default .data/partners.json).
Exit codes: 0 done, 1 a published file refused, 2 bad usage, unknown partner or unreadable file or store.`;

/** Where the command's lines go (the tests collect them). */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** The caller's mistake (exit 2), with the line that says so. */
class UsageError extends Error {}

/** A browser origin as `--origins` takes it: scheme, host and port, nothing more. */
function originOf(value: string): string {
  const trimmed = value.trim().replace(/\/$/, '');
  try {
    const url = new URL(trimmed);
    if (/^https?:$/.test(url.protocol) && url.origin === trimmed) return trimmed;
  } catch {
    // reported below
  }
  throw new UsageError(
    `--origins: ${JSON.stringify(value)} is not an origin (scheme, host and port only, e.g. https://tools.example.com).`,
  );
}

function wholeNumber(option: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) {
    throw new UsageError(
      `${option} must be a whole number from 1 to 1000000000, not ${JSON.stringify(value)}.`,
    );
  }
  return n;
}

function nameOf(positionals: string[], command: string): string {
  const name = positionals[1];
  if (name === undefined) throw new UsageError(`${command} needs the partner's NAME.\n\n${USAGE}`);
  if (!PARTNER_NAME.test(name)) {
    throw new UsageError(
      `${JSON.stringify(name)} is not a partner name: lower-case letters, digits and -, 1-40 long.`,
    );
  }
  return name;
}

/** The store the environment names: Redis (REDIS_URL) or the file (PARTNER_STORE, else the default). */
function openStore(env: NodeJS.ProcessEnv): PartnerStore {
  let config;
  try {
    config = configFromEnv(env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      connectionName: 'playlive-partner-command',
    });
    // A connection that fails makes the command fail (below), once, rather than printing each retry.
    redis.on('error', () => {});
    return new RedisPartnerStore(redis, true);
  }
  return new FilePartnerStore(config.partnerStore ?? DEFAULT_PARTNER_STORE);
}

async function existing(store: PartnerStore, name: string): Promise<PartnerRecord> {
  const { records } = await store.readAll();
  const record = records.find((r) => r.name === name);
  if (!record) {
    throw new UsageError(
      `There is no partner ${name} (${store.where}): \`npm run partner -- list\` shows them, \`create\` makes one.`,
    );
  }
  return record;
}

/** A change to a partner that must still be live. */
async function updateLive(
  store: PartnerStore,
  name: string,
  change: (record: PartnerRecord) => PartnerRecord,
): Promise<PartnerRecord> {
  const found = await existing(store, name);
  if (found.revokedAt !== null) {
    throw new UsageError(`Partner ${name} was revoked (${found.revokedAt}): create a new partner instead.`);
  }
  return store.update(name, (record) => change(record ?? found));
}

const describe = (r: Pick<PartnerRecord, 'origins' | 'ratePerMinute' | 'costPerMinute'>) =>
  `origins: ${r.origins.length > 0 ? r.origins.join(', ') : 'none (servers only)'}; rate: ${r.ratePerMinute} requests/minute; cost budget: ${r.costPerMinute}/minute`;

async function create(store: PartnerStore, positionals: string[], values: Values, print: Output) {
  const name = nameOf(positionals, 'create');
  if (name === DEMO_PARTNER_NAME) {
    throw new UsageError(
      `${name} is the development demo partner's name (built into the gateway): choose another.`,
    );
  }
  const origins = (values.origins ?? '')
    .split(',')
    .filter((o) => o.trim() !== '')
    .map(originOf);
  const ratePerMinute = wholeNumber('--rate', values.rate, PARTNER_DEFAULTS.ratePerMinute);
  const costPerMinute = wholeNumber('--cost', values.cost, PARTNER_DEFAULTS.costPerMinute);
  const { records } = await store.readAll();
  const before = records.find((r) => r.name === name);
  if (before) {
    const state = before.revokedAt ? `, revoked ${before.revokedAt}` : '';
    throw new UsageError(`Partner ${name} already exists (${store.where}${state}): choose another name.`);
  }
  const key = newPartnerKey();
  const record: PartnerRecord = {
    name,
    keys: [{ hash: keyHash(key), expiresAt: null }],
    origins: [...new Set(origins)],
    ratePerMinute,
    costPerMinute,
    createdAt: new Date().toISOString(),
    revokedAt: null,
    operations: {},
  };
  await store.update(name, () => record);
  print.out(`Created partner ${name} (${describe(record)}) in ${store.where}.`);
  print.out('Its API key, shown this once (only its hash is kept); send it in the X-Api-Key header:');
  print.out(key);
}

async function revoke(store: PartnerStore, positionals: string[], print: Output) {
  const name = nameOf(positionals, 'revoke');
  const found = await existing(store, name);
  if (found.revokedAt !== null) {
    print.out(`Partner ${name} was already revoked (${found.revokedAt}).`);
    return;
  }
  const record = await store.update(name, (r) => ({ ...(r ?? found), revokedAt: new Date().toISOString() }));
  print.out(`Revoked partner ${name} (${record.revokedAt}): its keys are refused from now on.`);
}

/** Rotated-away keys kept (refused as `expired` once past their grace, not as unknown) besides the current one. */
const KEPT_OLD_KEYS = 10;

async function rotate(store: PartnerStore, positionals: string[], values: Values, print: Output) {
  const name = nameOf(positionals, 'rotate');
  const hours = values['grace-hours'] === undefined ? 24 : Number(values['grace-hours']);
  if (!Number.isFinite(hours) || hours < 0 || hours > 24 * 90) {
    throw new UsageError(
      `--grace-hours must be a number of hours from 0 to 2160, not ${values['grace-hours']}.`,
    );
  }
  const key = newPartnerKey();
  const until = new Date(Date.now() + hours * 3_600_000).toISOString();
  await updateLive(store, name, (record) => {
    const old = record.keys.map((k) => (k.expiresAt === null ? { ...k, expiresAt: until } : k));
    return { ...record, keys: [{ hash: keyHash(key), expiresAt: null }, ...old.slice(0, KEPT_OLD_KEYS)] };
  });
  print.out(
    `Rotated the key of partner ${name}: the old key works until ${until} (${hours} h), the new one now.`,
  );
  print.out('Its new API key, shown this once (only its hash is kept):');
  print.out(key);
}

/** A partner's state as `list` shows it. */
function stateOf(record: PartnerRecord, now: number): string {
  if (record.revokedAt !== null) return `revoked ${record.revokedAt}`;
  const graces = record.keys
    .filter((k) => k.expiresAt !== null && Date.parse(k.expiresAt) > now)
    .map((k) => k.expiresAt!);
  return graces.length > 0 ? `live (old key until ${graces.sort().at(-1)})` : 'live';
}

async function list(store: PartnerStore, print: Output) {
  const { records, problems } = await store.readAll();
  for (const problem of problems) print.err(`${store.where}: ${problem}.`);
  if (records.length === 0) {
    print.out(`No partners yet (${store.where}): npm run partner -- create NAME`);
    return;
  }
  const now = Date.now();
  const rows = [
    ['NAME', 'ORIGINS', 'RATE/MIN', 'COST/MIN', 'OPERATIONS', 'STATE'],
    ...records
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => [
        r.name,
        r.origins.length > 0 ? r.origins.join(',') : '-',
        String(r.ratePerMinute),
        String(r.costPerMinute),
        String(Object.keys(r.operations).length),
        stateOf(r, now),
      ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    print.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

async function publish(
  store: PartnerStore,
  positionals: string[],
  env: NodeJS.ProcessEnv,
  print: Output,
): Promise<number> {
  const name = nameOf(positionals, 'publish');
  const file = positionals[2];
  if (file === undefined) throw new UsageError(`publish needs the FILE.graphql to publish.\n\n${USAGE}`);
  // `-`: standard input (`docker compose exec -T gateway ... publish acme - < acme.graphql`), read from its open
  // descriptor: reopening /dev/stdin as the image's user is refused for a pipe another user made.
  const where = file === '-' ? 'standard input' : path.resolve(env.INIT_CWD ?? process.cwd(), file);
  let source: string;
  try {
    source = fs.readFileSync(file === '-' ? 0 : where, 'utf8');
  } catch {
    throw new UsageError(`${file} cannot be read (${where}).`);
  }
  await existing(store, name);
  const published = publishedOperations(source, buildSchema(fs.readFileSync(schemaPath, 'utf8')));
  if ('errors' in published) {
    print.err(`${file} was not published: it is not valid against the gateway's schema.`);
    for (const error of published.errors) print.err(`  ${file}:${error}`);
    return 1;
  }
  let replaced = 0;
  await updateLive(store, name, (record) => {
    replaced = Object.keys(record.operations).length;
    return { ...record, operations: Object.fromEntries(published.operations.map((o) => [o.hash, o.text])) };
  });
  const { operations } = published;
  print.out(
    `Published ${operations.length} operation(s) for partner ${name}, replacing the ${replaced} it had (sha256 of each registered text):`,
  );
  const width = Math.max(...operations.map((o) => o.name.length));
  for (const o of operations) print.out(`  ${o.name.padEnd(width)}  ${o.hash}`);
  return 0;
}

type Values = { origins?: string; rate?: string; cost?: string; 'grace-hours'?: string; help?: boolean };

async function run(argv: string[], env: NodeJS.ProcessEnv, print: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        origins: { type: 'string' },
        rate: { type: 'string' },
        cost: { type: 'string' },
        'grace-hours': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed as { values: Values; positionals: string[] };
  if (values.help) {
    print.out(USAGE);
    return 0;
  }
  const command = positionals[0];
  const known = ['create', 'revoke', 'rotate', 'list', 'publish'];
  if (command === undefined || !known.includes(command)) {
    throw new UsageError(
      `${command === undefined ? 'No command given' : `Unknown command ${command}`}.\n\n${USAGE}`,
    );
  }
  const store = openStore(env);
  try {
    switch (command) {
      case 'create':
        await create(store, positionals, values, print);
        return 0;
      case 'revoke':
        await revoke(store, positionals, print);
        return 0;
      case 'rotate':
        await rotate(store, positionals, values, print);
        return 0;
      case 'list':
        await list(store, print);
        return 0;
      default:
        return await publish(store, positionals, env, print);
    }
  } finally {
    await store.close();
  }
}

/**
 * The command with its arguments (without node and the script): its lines through `print`, its exit code. The tests
 * run it in-process (no tsx start per command), with the environment of the gateway they talk to.
 */
export async function partnerCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: Output = { out: (line) => console.log(line), err: (line) => console.error(line) },
): Promise<number> {
  try {
    return await run(argv, env, print);
  } catch (err) {
    if (err instanceof UsageError || err instanceof PartnerStoreError) {
      print.err(err.message);
      return 2;
    }
    // Redis not reachable, a file that cannot be written: named, without a stack (nothing is wrong with the code).
    print.err(`The partner store cannot be used: ${(err as Error).message}`);
    return 2;
  }
}

// Run as a command (npm run partner), not when a test imports it.
const invoked = process.argv[1] && fs.existsSync(process.argv[1]) ? fs.realpathSync(process.argv[1]) : null;
if (invoked && import.meta.url === pathToFileURL(invoked).href) {
  void partnerCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
