/**
 * `npm run schema:check -- --base <git ref>`: compares schema.graphql at a git ref with the working copy and
 * fails (exit 1) when a change would break existing clients, for CI jobs that guard the public schema.
 *
 *   --base <ref>     the git ref to compare with (a branch, tag or commit), required
 *   --schema <path>  the schema file (default: the repository's schema.graphql; a relative path is taken from where
 *                    the command was typed); git runs in the folder holding it, so the file may live in any git
 *                    repository (the tests use a throwaway one)
 *   --help           this text
 *
 * Exit codes: 0 no breaking change, 1 at least one breaking change, 2 usage error, unknown ref, missing file or a
 * schema that does not parse.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema } from 'graphql';

const DEFAULT_SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');

const USAGE = `Usage: npm run schema:check -- --base <git ref> [--schema <path>]

Compares the schema at <git ref> with the working copy and lists every change with its criticality
(BREAKING, DANGEROUS, NON_BREAKING) and path.

  --base <ref>     git ref to compare with (branch, tag, commit), required
  --schema <path>  schema file (default: the repository's schema.graphql); git runs in its folder
  --help           show this text

Exit codes: 0 no breaking change, 1 breaking changes, 2 bad usage, unknown ref or unreadable schema.`;

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

function report(changes: Change[]): string[] {
  const sorted = [...changes].sort(
    (a, b) => ORDER.indexOf(a.criticality.level) - ORDER.indexOf(b.criticality.level),
  );
  return sorted.map((c) => {
    const reason = c.criticality.reason ? ` (${c.criticality.reason})` : '';
    return `${c.criticality.level.padEnd(12)} ${(c.path ?? '-').padEnd(40)} ${c.message}${reason}`;
  });
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { base: { type: 'string' }, schema: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.base) throw new UsageError(`--base <git ref> is required.\n\n${USAGE}`);
  // npm runs workspace scripts in gateway/; a relative --schema means relative to where the command was typed.
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const schemaPath = values.schema ? path.resolve(typedIn, values.schema) : DEFAULT_SCHEMA;
  if (!fs.existsSync(schemaPath)) throw new UsageError(`No schema file at ${schemaPath}.`);

  const before = parseSchema(schemaAtRef(schemaPath, values.base), `at '${values.base}'`);
  const after = parseSchema(fs.readFileSync(schemaPath, 'utf8'), `in ${schemaPath}`);
  const changes = await diff(before, after);
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking).length;

  console.log(`Schema changes since ${values.base}: ${changes.length} (${breaking} breaking)`);
  for (const line of report(changes)) console.log(`  ${line}`);
  if (breaking > 0) console.log(`\n${breaking} breaking change(s): existing clients may fail.`);
  return breaking > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err);
    process.exit(2);
  },
);
