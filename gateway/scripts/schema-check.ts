/**
 * `npm run schema:check -- --base <git ref>`: compares schema.graphql at a git ref with the working copy, names the
 * known operations each breaking change breaks, and fails (exit 1) when one breaks any, for CI jobs that guard the
 * public schema.
 *
 * The known operations are what clients send at the ref: the site's persisted operations (built fresh there by its
 * own `npm run relay -w web`) and the partner operations in docs/partner-operations/*.graphql (see
 * known-operations.ts). An operation is broken by the change when it passed validation against the base schema and
 * fails against the new one; a breaking change that breaks none is reported without failing, unless --strict.
 *
 * With --usage FILE (a usage export: `npm run usage -- export --out FILE`), each breaking change also names the
 * clients and operations (name and hash) that used what it changes in the period the file covers (usage-file.ts),
 * and one that any of them used fails the check too; one that breaks no known operation and no client used is
 * reported as unused.
 *
 * The deprecation policy (gateway/src/deprecation-policy.ts, deprecation-check.ts) always applies: a field,
 * argument, input field or enum value removed without having been deprecated at the ref, or before the removal date
 * its reason named, and a new deprecation without a removal date at least 30 days after today, fail the check.
 *
 *   --base <ref>     the git ref to compare with (a branch, tag or commit), required
 *   --schema <path>  the schema file (default: the repository's schema.graphql; a relative path is taken from where
 *                    the command was typed); git runs in the folder holding it, so the file may live in any git
 *                    repository (the tests use a throwaway one), whose web/ and docs/partner-operations/ are read
 *   --usage <file>   a usage export: name the clients and operations that used each breaking change, fail on one used
 *   --strict         fail on any breaking change, even one that breaks no known operation
 *   --today <date>   the date the deprecation policy counts from (YYYY-MM-DD; default: today, UTC), for tests
 *   --help           this text
 *
 * Exit codes: 0 no known operation broken (and, with --strict, no breaking change), 1 a breaking change that breaks
 * a known operation or that a client in the usage file used (or any, with --strict), or a breach of the deprecation
 * policy, 2 usage error, unknown ref, missing file, a usage file that is not an export, a schema that does not parse
 * or a site whose operations do not build at the ref.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ChangeType, CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { isCalendarDate } from '../src/deprecation-policy.js';
import { deprecationBreaches } from './deprecation-check.js';
import {
  judge,
  knownOperations,
  reliesOnDefault,
  schemaCoordinates,
  type Verdict,
} from './known-operations.js';
import { describeUses, readUsageFile, usageSummary, usesOf, type Use } from './usage-file.js';

const DEFAULT_SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');

const USAGE = `Usage: npm run schema:check -- --base <git ref> [--schema <path>] [--usage <file>] [--strict]

Compares the schema at <git ref> with the working copy and lists every change with its criticality
(BREAKING, DANGEROUS, NON_BREAKING) and path; under each breaking change, the known operations it breaks: the site's
(built at <git ref> with npm run relay -w web) and the partners' (docs/partner-operations/*.graphql), and with
--usage the clients and operations that used it. Applies the deprecation policy (docs/partners.md).

  --base <ref>     git ref to compare with (branch, tag, commit), required
  --schema <path>  schema file (default: the repository's schema.graphql); git runs in its folder
  --usage <file>   a usage export (npm run usage -- export --out <file>): also fail on a change a client used
  --strict         also fail on a breaking change that breaks no known operation and no client used
  --today <date>   the deprecation policy's today (YYYY-MM-DD; default: the system date, UTC)
  --help           show this text

Exit codes: 0 nothing known or used broken, 1 a known operation broken, a change a client used, a breach of the
deprecation policy (with --strict: any breaking change), 2 bad usage, unknown ref, unreadable schema or usage
file, or a site that does not build at <git ref>.`;

/** A failure that is the caller's to fix (exit 2), as opposed to a breaking change (exit 1). */
class UsageError extends Error {}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The schema file's text at a ref, read with git from the folder that holds the file. */
function schemaAtRef(schemaPath: string, ref: string): string {
  const dir = path.dirname(schemaPath);
  try {
    git(dir, ['rev-parse', '--git-dir']);
  } catch {
    throw new UsageError(`${dir} is not inside a git repository.`);
  }
  try {
    git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new UsageError(`Unknown git ref '${ref}' (in ${dir}).`);
  }
  try {
    // "<ref>:./<name>" is relative to the current folder, so the file may sit anywhere in the repository.
    return git(dir, ['show', `${ref}:./${path.basename(schemaPath)}`]);
  } catch {
    throw new UsageError(`${path.basename(schemaPath)} does not exist at '${ref}'.`);
  }
}

function parseSchema(sdl: string, where: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (err) {
    throw new UsageError(`The schema ${where} does not parse: ${(err as Error).message}`);
  }
}

const ORDER = [CriticalityLevel.Breaking, CriticalityLevel.Dangerous, CriticalityLevel.NonBreaking];

/** Whether a change touches what an operation uses: its path, or for an added required argument or input field
 * (Query.games.region, GameFilter.region) the field or input type it was added to. */
function touches(change: Change, used: Set<string>): boolean {
  if (!change.path) return false;
  return (
    used.has(change.path) || (change.type.endsWith('_ADDED') && used.has(change.path.replace(/\.[^.]+$/, '')))
  );
}

/**
 * A changed default of an argument or input field: graphql-inspector calls it dangerous, but an operation that omits
 * the value now asks for something else (DepositInput.welcomeBonus: true → false stopped claiming a bonus), so it is
 * breaking here, and the operations that rely on the default are named.
 */
const DEFAULT_CHANGES = {
  [ChangeType.FieldArgumentDefaultChanged]: 'argument',
  [ChangeType.InputFieldDefaultValueChanged]: 'inputField',
} as const satisfies Partial<Record<string, 'argument' | 'inputField'>>;

function defaultKind(change: Change): 'argument' | 'inputField' | null {
  return (DEFAULT_CHANGES as Record<string, 'argument' | 'inputField'>)[change.type] ?? null;
}

/** The change, breaking when it changes a default. */
function withDefaultsBreaking(change: Change): Change {
  if (!defaultKind(change)) return change;
  return {
    ...change,
    criticality: {
      level: CriticalityLevel.Breaking,
      reason: 'An operation that leaves it out now gets the new default: it asks for something else.',
    },
  };
}

/** The known operations (valid at the base) that rely on the default each default change changes. */
function relyingOnDefaults(before: GraphQLSchema, changes: Change[], verdicts: Verdict[]) {
  const relying = new Map<Change, Verdict[]>();
  for (const change of changes) {
    const kind = defaultKind(change);
    if (!kind || !change.path) continue;
    relying.set(
      change,
      verdicts.filter(
        (v) => v.errors.length === 0 && reliesOnDefault(before, kind, change.path!, v.operation.document),
      ),
    );
  }
  return relying;
}

const label = (v: Verdict) => `${v.operation.name} (${v.operation.source})`;

/** Each broken operation under the breaking changes that touch it; any touched by none, apart. */
function attribute(before: GraphQLSchema, breaking: Change[], verdicts: Verdict[]) {
  const broken = verdicts.filter((v) => v.errors.length > 0);
  const byChange = new Map<Change, Verdict[]>(breaking.map((c) => [c, []]));
  const unmatched: Verdict[] = [];
  for (const verdict of broken) {
    const used = schemaCoordinates(before, verdict.operation.document);
    const changes = breaking.filter((c) => touches(c, used));
    for (const c of changes) byChange.get(c)!.push(verdict);
    if (changes.length === 0) unmatched.push(verdict);
  }
  return { broken, byChange, unmatched };
}

function report(
  changes: Change[],
  byChange: Map<Change, Verdict[]>,
  relying: Map<Change, Verdict[]> = new Map(),
  uses: Map<Change, Use[]> | null = null,
): string[] {
  const indent = ' '.repeat(13);
  const usedLines = (c: Change) => {
    const used = uses?.get(c);
    return used ? describeUses(used).map((line) => `${indent}-> ${line}`) : [];
  };
  const sorted = [...changes].sort(
    (a, b) => ORDER.indexOf(a.criticality.level) - ORDER.indexOf(b.criticality.level),
  );
  return sorted.flatMap((c) => {
    const reason = c.criticality.reason ? ` (${c.criticality.reason})` : '';
    const line = `${c.criticality.level.padEnd(12)} ${(c.path ?? '-').padEnd(40)} ${c.message}${reason}`;
    const relies = relying.get(c);
    if (relies) {
      const who =
        relies.length > 0
          ? `relied on by ${relies.map(label).sort().join(', ')}`
          : 'relied on by no known operation';
      return [line, `${indent}-> ${who}`, ...usedLines(c)];
    }
    const hit = byChange.get(c);
    if (!hit) return [line];
    const who = hit.length > 0 ? `breaks ${hit.map(label).sort().join(', ')}` : 'breaks no known operation';
    return [line, `${indent}-> ${who}`, ...usedLines(c)];
  });
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        schema: { type: 'string' },
        usage: { type: 'string' },
        strict: { type: 'boolean' },
        today: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
}

function knownAt(schemaPath: string, ref: string) {
  const root = git(path.dirname(schemaPath), ['rev-parse', '--show-toplevel']).trim();
  try {
    return knownOperations(root, ref);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** Prints a line (or lines) of the report. */
type Print = (text: string) => void;

async function check(argv: string[], print: Print): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    print(USAGE);
    return 0;
  }
  if (!values.base) throw new UsageError(`--base <git ref> is required.\n\n${USAGE}`);
  // npm runs workspace scripts in gateway/; a relative --schema means relative to where the command was typed.
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const schemaPath = values.schema ? path.resolve(typedIn, values.schema) : DEFAULT_SCHEMA;
  if (!fs.existsSync(schemaPath)) throw new UsageError(`No schema file at ${schemaPath}.`);
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  if (!isCalendarDate(today)) throw new UsageError(`--today must be a date as YYYY-MM-DD (got '${today}').`);
  const read = values.usage ? readUsageFile(path.resolve(typedIn, values.usage)) : null;
  if (read && 'error' in read) throw new UsageError(read.error);
  const usage = read?.usage ?? null;

  const before = parseSchema(schemaAtRef(schemaPath, values.base), `at '${values.base}'`);
  const after = parseSchema(fs.readFileSync(schemaPath, 'utf8'), `in ${schemaPath}`);
  const changes = (await diff(before, after)).map(withDefaultsBreaking);
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  const structural = breaking.filter((c) => !defaultKind(c));
  const known = knownAt(schemaPath, values.base);
  const { verdicts, invalidAtBase } = judge(before, after, known.operations);
  const { broken, byChange, unmatched } = attribute(before, structural, verdicts);
  const relying = relyingOnDefaults(before, breaking, verdicts);
  const relyingOps = new Set([...relying.values()].flat().map(label));
  const uses = usage ? usesOf(before, breaking, usage.entries) : null;
  const breaches = deprecationBreaches(before, after, changes, today, values.base);

  print(`Schema changes since ${values.base}: ${changes.length} (${breaking.length} breaking)`);
  for (const line of report(changes, byChange, relying, uses)) print(`  ${line}`);
  print(`\n${known.summary}`);
  for (const op of invalidAtBase)
    print(`  not valid at '${values.base}' already, not checked: ${op.name} (${op.source})`);
  for (const v of unmatched) print(`  broken by these changes together: ${label(v)}: ${v.errors.join(' ')}`);
  if (usage && values.usage) print(usageSummary(values.usage, usage));
  if (breaches.length > 0) {
    print(`\nDeprecation policy (docs/partners.md#deprecation-policy), today ${today}:`);
    for (const breach of breaches) print(`  refused: ${breach}`);
  }

  const hits = new Map([...byChange, ...relying]);
  const used = breaking.filter((c) => (uses?.get(c)?.length ?? 0) > 0);
  const harmless = [...hits].filter(([c, hit]) => hit.length === 0 && !used.includes(c)).length;
  const lines: string[] = [];
  if (broken.length > 0) lines.push(`${broken.length} known operation(s) broken: exit 1.`);
  if (relyingOps.size > 0)
    lines.push(`${relyingOps.size} known operation(s) rely on a changed default: exit 1.`);
  if (used.length > 0)
    lines.push(`${used.length} breaking change(s) used by a client in the usage file: exit 1.`);
  if (breaches.length > 0) lines.push(`${breaches.length} breach(es) of the deprecation policy: exit 1.`);
  if (harmless > 0) {
    const verdict = values.strict ? 'failing (--strict)' : 'reported only (--strict fails on them)';
    const what = usage
      ? 'break no known operation and are unused in the usage file'
      : 'break no known operation';
    lines.push(`${harmless} breaking change(s) ${what}: ${verdict}.`);
  }
  if (lines.length > 0) print(`\n${lines.join('\n')}`);
  const fails =
    broken.length > 0 ||
    relyingOps.size > 0 ||
    used.length > 0 ||
    breaches.length > 0 ||
    (values.strict && breaking.length > 0);
  return fails ? 1 : 0;
}

/**
 * The check with the command line's arguments (without node and the script): the report through `print`, a failure
 * of the caller's through `printError`; the exit code. The tests run it in-process (no tsx start per check).
 */
export async function schemaCheck(
  argv: string[],
  print: Print = console.log,
  printError: (error: unknown) => void = console.error,
): Promise<number> {
  try {
    return await check(argv, print);
  } catch (err) {
    printError(err instanceof UsageError ? err.message : err);
    return 2;
  }
}

// Run as a command (npm run schema:check), not when a test imports it.
const invoked = process.argv[1] && fs.existsSync(process.argv[1]) ? fs.realpathSync(process.argv[1]) : null;
if (invoked && import.meta.url === pathToFileURL(invoked).href) {
  void schemaCheck(process.argv.slice(2)).then((code) => process.exit(code));
}
