/**
 * `npm run usage -- export [--out FILE] [--hours N]`: the gateway's usage per client, operation and schema coordinate
 * as JSON (usage/export-format.ts, what `npm run schema:check -- --usage FILE` reads), on stdout by default.
 * `npm run usage -- report [--hours N]`: the same, printed by client, with the deprecated coordinates each still uses.
 * Reads Redis when REDIS_URL is set (the replicas' shared usage), else the USAGE_STORE file (one gateway's).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { schemaPath } from '../schema.js';
import { usageReport } from './report.js';
import { DEFAULT_USAGE_STORE, exportOf, readUsageFile, RedisUsageStore, withinHours } from './store.js';
import { KEEP_HOURS } from './tally.js';

const USAGE = `Usage:
  npm run usage -- export [--out FILE] [--hours N]   the usage as JSON (stdout unless --out)
  npm run usage -- report [--hours N]                the usage by client, with the deprecated coordinates each uses

  --hours N   the last N hours, the current one counted (1 to ${KEEP_HOURS}; default ${KEEP_HOURS})
Reads Redis when REDIS_URL is set, else the file USAGE_STORE (default .data/usage.json).`;

class UsageError extends Error {}

function parseOptions(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, hours: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const hours = values.hours === undefined ? KEEP_HOURS : Number(values.hours);
  if (!Number.isInteger(hours) || hours < 1 || hours > KEEP_HOURS) {
    throw new UsageError(`--hours must be a whole number from 1 to ${KEEP_HOURS} (got '${values.hours}').`);
  }
  return { values, positionals, hours };
}

/** The entries of the last `hours` hours, from Redis (REDIS_URL) or the usage file, and where they came from. */
async function readEntries(env: NodeJS.ProcessEnv, hours: number) {
  if (env.REDIS_URL) {
    const redis = new Redis(env.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new UsageError(`REDIS_URL: Redis did not answer (${(err as Error).message}).`);
    }
    try {
      return { entries: await new RedisUsageStore(redis).read(hours), source: 'Redis (REDIS_URL)' };
    } finally {
      redis.disconnect();
    }
  }
  const file = env.USAGE_STORE?.trim() || DEFAULT_USAGE_STORE;
  let read;
  try {
    read = readUsageFile(file);
  } catch (err) {
    throw new UsageError(`USAGE_STORE: ${(err as Error).message}`);
  }
  return { entries: withinHours(read?.entries ?? [], hours, Date.now()), source: file };
}

async function run(argv: string[], print: (text: string) => void, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals, hours } = parseOptions(argv);
  if (values.help) {
    print(USAGE);
    return 0;
  }
  const [command, ...extra] = positionals;
  if (command !== 'export' && command !== 'report') {
    throw new UsageError(`${command ? `Unknown command '${command}'.` : 'No command given.'}\n\n${USAGE}`);
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument '${extra[0]}'.\n\n${USAGE}`);
  if (command === 'report' && values.out !== undefined)
    throw new UsageError(`--out is for export only.\n\n${USAGE}`);
  const { entries, source } = await readEntries(env, hours);
  if (command === 'report') {
    const sdl = fs.readFileSync(schemaPath, 'utf8');
    for (const line of usageReport(entries, sdl, `the last ${hours} hour(s), from ${source}`)) print(line);
    return 0;
  }
  const json = JSON.stringify(exportOf(entries), null, 2);
  if (values.out === undefined) {
    print(json);
    return 0;
  }
  // npm runs workspace scripts in gateway/; a relative --out means relative to where the command was typed.
  const out = path.resolve(env.INIT_CWD ?? process.cwd(), values.out);
  try {
    fs.writeFileSync(out, `${json}\n`);
  } catch (err) {
    throw new UsageError(`--out: cannot write ${out} (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  print(`${entries.length} usage entries written to ${out}`);
  return 0;
}

/**
 * The command with its arguments (without node and the script): output through `print`, a refusal through
 * `printError`; the exit code (2: bad usage). The tests run it in-process.
 */
export async function usageCommand(
  argv: string[],
  print: (text: string) => void = console.log,
  printError: (error: unknown) => void = console.error,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    return await run(argv, print, env);
  } catch (err) {
    printError(err instanceof UsageError ? err.message : err);
    return err instanceof UsageError ? 2 : 1;
  }
}

// Run as a command (npm run usage), not when a test imports it.
const invoked = process.argv[1] && fs.existsSync(process.argv[1]) ? fs.realpathSync(process.argv[1]) : null;
if (invoked && import.meta.url === pathToFileURL(invoked).href) {
  void usageCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
