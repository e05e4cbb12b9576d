/**
 * `npm run schema:check -- --usage FILE` names, under each breaking change, the clients and operations of a usage
 * export (`npm run usage -- export`) that used what it changes, and fails only when one did (or with --strict); the
 * deprecation policy (gateway/src/deprecation-policy.ts) refuses a removal that skipped its deprecation period and a
 * deprecation without a removal date 30 days ahead. Against a throwaway repository with partner operations and no
 * site, so no check waits for relay-compiler (schema-check-operations.test.ts covers the site's operations).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, schemaCheck } from './schema-check-run.js';
import { deprecatedCoordinates } from '../src/deprecation-policy.js';
import { USAGE_FORMAT, type UsageEntry } from '../src/usage/export-format.js';

const SDL = `type Query {
  tournaments: [Tournament!]!
  archive(first: Int = 10, region: String): [Tournament!]!
}

type Tournament {
  id: ID!
  name: String!
  label: String!
  prize: Int
  legacyLabel: String @deprecated(reason: "Use \`label\`. Removal on or after 2027-01-15.")
}

enum TeamSize {
  SOLO
  DUO
}
`;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const BOARD = hash('query AcmeBoard { tournaments { name prize } }');
const ARCHIVE = hash('query ArchiveQuery { archive(first: 5) { name } }');

const entry = (
  client: string,
  clientVersion: string | null,
  operationName: string,
  operationHash: string,
  coordinates: Record<string, number>,
): UsageEntry => ({
  hour: '2026-12-06T10:00:00Z',
  client,
  clientVersion,
  operationName,
  operationHash,
  requests: 12,
  errors: 0,
  cost: 36,
  coordinates,
});

describe('schema:check with a usage export and the deprecation policy', () => {
  let repo: string;
  let base: string;
  /** A usage export in the repository's folder (untracked: the check reads the schema at the ref with git). */
  const usageFile = (entries: UsageEntry[]) => {
    const file = path.join(repo, `usage-${entries.length}-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ format: USAGE_FORMAT, exportedAt: '2026-12-07T09:00:00Z', entries }),
    );
    return file;
  };
  let partnerUsed: string;
  let nobodyUsed: string;

  beforeAll(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-usage-'));
    fs.writeFileSync(path.join(repo, 'schema.graphql'), SDL);
    fs.mkdirSync(path.join(repo, 'docs/partner-operations'), { recursive: true });
    fs.writeFileSync(
      path.join(repo, 'docs/partner-operations/board.graphql'),
      'query TournamentBoard {\n  tournaments {\n    id\n    name\n  }\n}\n',
    );
    base = commitAll(repo, 'v1');
    partnerUsed = usageFile([
      entry('acme', null, 'AcmeBoard', BOARD, {
        'Query.tournaments': 12,
        'Tournament.name': 12,
        'Tournament.prize': 12,
      }),
      entry('site', '1.4.2', 'ArchiveQuery', ARCHIVE, {
        'Query.archive': 12,
        'Query.archive(first:)': 12,
        'Tournament.name': 12,
      }),
    ]);
    nobodyUsed = usageFile([
      entry('acme', null, 'AcmeNames', hash('query AcmeNames { tournaments { name } }'), {
        'Query.tournaments': 12,
        'Tournament.name': 12,
      }),
    ]);
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  const check = (sdl: string, ...extra: string[]) => {
    fs.writeFileSync(path.join(repo, 'schema.graphql'), sdl);
    return schemaCheck(
      '--base',
      base,
      '--schema',
      path.join(repo, 'schema.graphql'),
      '--today',
      '2026-12-07',
      ...extra,
    );
  };

  /** The lines listed under a change's BREAKING line ("-> ..."). */
  const under = (out: string, changePath: string) => {
    const lines = out.split('\n');
    const at = lines.findIndex((l) =>
      new RegExp(`^\\s+BREAKING\\s+${changePath.replaceAll('.', '\\.')}\\s`).test(l),
    );
    expect(at, `no BREAKING line for ${changePath} in:\n${out}`).toBeGreaterThanOrEqual(0);
    const rest = lines.slice(at + 1);
    return rest
      .slice(
        0,
        rest.findIndex((l) => !l.trim().startsWith('->')),
      )
      .map((l) => l.trim());
  };

  // Neither change is a removal: the deprecation policy has nothing to say about them.
  const CHANGED = SDL.replace('  prize: Int\n', '  prize: String\n').replace(
    'region: String)',
    'region: String!)',
  );

  it('fails naming the partner and the operation (name and hash) that used a breaking change', async () => {
    const { code, out } = await check(CHANGED, '--usage', partnerUsed);
    expect(under(out, 'Tournament.prize')).toEqual([
      '-> breaks no known operation',
      `-> used by acme: AcmeBoard [${BOARD}]; 12 request(s)`,
    ]);
    // An argument that becomes required breaks every request of the field, which leaves it out.
    expect(under(out, 'Query.archive.region')).toEqual([
      '-> breaks no known operation',
      `-> used by site (1.4.2): ArchiveQuery [${ARCHIVE}]; 12 request(s)`,
    ]);
    expect(out).toContain(
      `Usage (${partnerUsed}, exported 2026-12-07T09:00:00Z): 24 request(s) of 2 client(s), 2 operation(s), ` +
        'from 2026-12-06T10:00:00Z to 2026-12-06T11:00:00Z',
    );
    expect(out).toContain('2 breaking change(s) used by a client in the usage file: exit 1.');
    expect(code).toBe(1);
  });

  it('passes when no client in the usage file used it, reporting it as unused; --strict fails', async () => {
    const { code, out } = await check(CHANGED, '--usage', nobodyUsed);
    expect(under(out, 'Tournament.prize')).toEqual([
      '-> breaks no known operation',
      '-> unused by every client in the usage file',
    ]);
    expect(out).toContain(
      '2 breaking change(s) break no known operation and are unused in the usage file: reported only',
    );
    expect(code).toBe(0);

    const strict = await check(CHANGED, '--usage', nobodyUsed, '--strict');
    expect(strict.out).toContain('failing (--strict)');
    expect(strict.code).toBe(1);
  });

  it('still fails on a known operation the change breaks, whatever the usage file says', async () => {
    const { code, out } = await check(
      SDL.replace('  tournaments:', '  tournaments(region: String!):'),
      '--usage',
      nobodyUsed,
    );
    expect(under(out, 'Query.tournaments.region')).toEqual([
      '-> breaks TournamentBoard (docs/partner-operations/board.graphql)',
      `-> used by acme: AcmeNames [${hash('query AcmeNames { tournaments { name } }')}]; 12 request(s)`,
    ]);
    expect(code).toBe(1);
  });

  it('refuses removing a field that was not deprecated, naming the field and the rule', async () => {
    const { code, out } = await check(SDL.replace('  label: String!\n', ''));
    expect(out).toContain(
      `refused: Tournament.label is removed without having been @deprecated at '${base}': deprecate it first`,
    );
    expect(out).toContain('1 breach(es) of the deprecation policy: exit 1.');
    expect(code).toBe(1);
  });

  it('lets a deprecated field go on its removal date, not the day before', async () => {
    const removed = SDL.replace(/ {2}legacyLabel: .*\n/, '');
    const early = await check(removed, '--today', '2027-01-14');
    expect(early.out).toContain(
      'refused: Tournament.legacyLabel is removed before its removal date 2027-01-15 (today is 2027-01-14',
    );
    expect(early.code).toBe(1);

    const due = await check(removed, '--today', '2027-01-15');
    expect(due.out).toMatch(/^\s+BREAKING\s+Tournament\.legacyLabel\s/m);
    expect(due.out).not.toContain('refused');
    expect(due.code).toBe(0);

    // Due, but a partner still sends it: the usage file keeps it.
    const used = usageFile([
      entry('acme', null, 'AcmeOld', hash('query AcmeOld { tournaments { legacyLabel } }'), {
        'Query.tournaments': 3,
        'Tournament.legacyLabel': 3,
      }),
    ]);
    const stillUsed = await check(removed, '--today', '2027-01-15', '--usage', used);
    expect(under(stillUsed.out, 'Tournament.legacyLabel')[1]).toMatch(/^-> used by acme: AcmeOld \[/);
    expect(stillUsed.code).toBe(1);
  });

  it('refuses a new deprecation without a removal date 30 days ahead, and takes one that has it', async () => {
    const deprecate = (reason: string) =>
      check(SDL.replace('  prize: Int\n', `  prize: Int @deprecated(reason: "${reason}")\n`));

    const soon = await deprecate('Use `label`. Removal on or after 2026-12-20.');
    expect(soon.out).toContain(
      'refused: Tournament.prize is deprecated with the removal date 2026-12-20, less than 30 days after 2026-12-07: the earliest is 2027-01-06.',
    );
    expect(soon.code).toBe(1);

    const undated = await deprecate('Use `label`.');
    expect(undated.out).toContain(
      'refused: Tournament.prize is deprecated with no removal date in its reason',
    );
    expect(undated.code).toBe(1);

    const kept = await deprecate('Use `label`. Removal on or after 2027-01-06.');
    expect(kept.out).not.toContain('refused');
    expect(kept.code).toBe(0);
  });

  it('exits 2 naming what is wrong with a usage file that is not an export, or with --today', async () => {
    const notJson = path.join(repo, 'not-json.json');
    fs.writeFileSync(notJson, 'hour,client\n');
    const bad = await check(SDL, '--usage', notJson);
    expect(bad.out).toContain(`The usage file ${notJson} is not JSON`);
    expect(bad.code).toBe(2);

    const wrongShape = usageFile([{ ...entry('acme', null, 'AcmeBoard', BOARD, {}), operationHash: 'abc' }]);
    const shape = await check(SDL, '--usage', wrongShape);
    expect(shape.out).toContain(`The usage file ${wrongShape} is not a usage export`);
    expect(shape.out).toContain('entries[0].operationHash');
    expect(shape.code).toBe(2);

    const missing = await check(SDL, '--usage', path.join(repo, 'nowhere.json'));
    expect(missing.out).toContain('Cannot read the usage file');
    expect(missing.code).toBe(2);

    const day = await check(SDL, '--today', '2027-02-30');
    expect(day.out).toContain("--today must be a date as YYYY-MM-DD (got '2027-02-30').");
    expect(day.code).toBe(2);
  });
});

it('names deprecated coordinates as the usage export does (for the usage report)', () => {
  const schema = buildSchema(`type Query {
  games(sort: String @deprecated(reason: "Use \`order\`. Removal on or after 2027-03-01."), order: Sort): [String]
  old: String @deprecated(reason: "Use \`games\`. Removal on or after 2027-03-01.")
}
input Filter { tag: String @deprecated(reason: "Use \`tags\`. Removal on or after 2027-03-01.") tags: [String] }
enum Sort { NEWEST OLDEST @deprecated(reason: "Use \`NEWEST\`. Removal on or after 2027-03-01.") }
`);
  expect([...deprecatedCoordinates(schema).keys()].sort()).toEqual([
    'Filter.tag',
    'Query.games(sort:)',
    'Query.old',
    'Sort.OLDEST',
  ]);
});
