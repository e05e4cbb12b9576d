/**
 * `npm run schema:check` names the operations a breaking change breaks: the site's (built at the base ref by its own
 * `npm run relay -w web`) and the partners' (docs/partner-operations/*.graphql); it fails on a change that breaks
 * one and only reports one that breaks none. Against a throwaway repository with a small Relay site, and against a
 * clone of this repository with the real site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, git, schemaCheck } from './schema-check-run.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SLOW = 180_000; // each run builds a site with relay-compiler

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/** The line a change's path is listed on, and the "-> breaks ..." line under it. */
function verdictFor(out: string, changePath: string): string {
  const lines = out.split('\n');
  const at = lines.findIndex((l) =>
    new RegExp(`^\\s+BREAKING\\s+${changePath.replace('.', '\\.')}\\s`).test(l),
  );
  expect(at, `no BREAKING line for ${changePath} in:\n${out}`).toBeGreaterThanOrEqual(0);
  return lines[at + 1]!;
}

const SDL = `type Query {
  tournaments: [Tournament!]!
  archive(first: Int = 10): [Tournament!]!
}

type Mutation {
  join(input: JoinInput!): Tournament
}

type Tournament {
  id: ID!
  name: String!
  label: String!
}

input JoinInput {
  tournamentId: ID!
  team: String
  size: TeamSize = SOLO
}

enum TeamSize {
  SOLO
  DUO
}
`;

describe('schema:check with a site and partner operations', () => {
  let repo: string;
  let base: string;
  beforeAll(() => {
    // A repository laid out as this one: relay.config.js at the root, the site in web/ with a `relay` script that
    // writes web/src/__generated__/persisted-operations.json, partner operations in docs/partner-operations/.
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-ops-'));
    write(path.join(repo, 'schema.graphql'), SDL);
    write(
      path.join(repo, 'relay.config.js'),
      `module.exports = {
  src: './web/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './web/src/__generated__',
  persistConfig: { file: './web/src/__generated__/persisted-operations.json', algorithm: 'SHA256' },
};
`,
    );
    const relay =
      'mkdir -p src/__generated__ && echo {} > src/__generated__/persisted-operations.json && cd .. && relay-compiler --repersist';
    write(path.join(repo, 'web/package.json'), JSON.stringify({ private: true, scripts: { relay } }));
    write(
      path.join(repo, 'web/src/Lobby.ts'),
      'export const query = graphql`\n  query LobbyQuery {\n    tournaments {\n      name\n      label\n    }\n  }\n`;\n',
    );
    // Sends its input as a variable: no change of JoinInput makes the document itself invalid.
    write(
      path.join(repo, 'web/src/Join.ts'),
      'export const mutation = graphql`\n  mutation JoinMutation($input: JoinInput!) {\n    join(input: $input) {\n      id\n    }\n  }\n`;\n',
    );
    write(path.join(repo, 'web/.gitignore'), 'src/__generated__/\n');
    write(
      path.join(repo, 'docs/partner-operations/join.graphql'),
      'mutation PartnerJoin($input: JoinInput!) {\n  join(input: $input) {\n    id\n  }\n}\n',
    );
    write(
      path.join(repo, 'docs/partner-operations/board.graphql'),
      'query TournamentBoard {\n  tournaments {\n    ...Row\n  }\n}\n\nfragment Row on Tournament {\n  id\n  name\n}\n',
    );
    base = commitAll(repo, 'v1');
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  const check = (sdl: string, ...extra: string[]) => {
    fs.writeFileSync(path.join(repo, 'schema.graphql'), sdl);
    return schemaCheck('--base', base, '--schema', path.join(repo, 'schema.graphql'), ...extra);
  };

  it(
    'fails with exit 1 naming the site operation that uses a removed field, and only that one',
    async () => {
      const { code, out } = await check(SDL.replace('  label: String!\n', ''));
      expect(out).toContain('Known operations: 2 of the site');
      expect(out).toContain('2 of partners');
      expect(verdictFor(out, 'Tournament.label')).toMatch(/-> breaks LobbyQuery \(site\)$/);
      expect(code).toBe(1);
    },
    SLOW,
  );

  it(
    "names a partner's operation by its file, through the fragment it spreads",
    async () => {
      const { code, out } = await check(SDL.replace('  name: String!\n', ''));
      expect(verdictFor(out, 'Tournament.name')).toMatch(
        /-> breaks LobbyQuery \(site\), TournamentBoard \(docs\/partner-operations\/board\.graphql\)$/,
      );
      expect(code).toBe(1);
    },
    SLOW,
  );

  it(
    'names every operation of a field that gains a required argument',
    async () => {
      const { code, out } = await check(SDL.replace('  tournaments:', '  tournaments(region: String!):'));
      expect(verdictFor(out, 'Query.tournaments.region')).toMatch(
        /-> breaks LobbyQuery \(site\), TournamentBoard/,
      );
      expect(code).toBe(1);
    },
    SLOW,
  );

  const JOINERS = /-> breaks JoinMutation \(site\), PartnerJoin \(docs\/partner-operations\/join\.graphql\)$/;

  it(
    'names the operations whose variables send an input type that gains a required field',
    async () => {
      // Every document still validates: what breaks is the value the callers send, which lacks the new field.
      const { code, out } = await check(
        SDL.replace('  team: String\n', '  team: String\n  captain: String!\n'),
      );
      expect(verdictFor(out, 'JoinInput.captain')).toMatch(JOINERS);
      expect(out).toContain('2 known operation(s) broken: exit 1.');
      expect(code).toBe(1);
    },
    SLOW,
  );

  it(
    'calls a changed default breaking and names the operations that rely on it (DepositInput.welcomeBonus)',
    async () => {
      // The documents still validate: what changes is what a caller that leaves the value out asks for.
      const input = await check(SDL.replace('  size: TeamSize = SOLO\n', '  size: TeamSize = DUO\n'));
      expect(input.out).toMatch(
        /^\s+BREAKING\s+JoinInput\.size\s.*default value changed from '"SOLO"' to '"DUO"'/m,
      );
      expect(input.out).toMatch(
        /-> relied on by JoinMutation \(site\), PartnerJoin \(docs\/partner-operations\/join\.graphql\)$/m,
      );
      expect(input.out).toContain('2 known operation(s) rely on a changed default: exit 1.');
      expect(input.code).toBe(1);

      // No operation reads the archive: the change is reported, and fails only with --strict.
      const argument = await check(SDL.replace('archive(first: Int = 10)', 'archive(first: Int = 20)'));
      expect(argument.out).toMatch(/^\s+BREAKING\s+Query\.archive\.first\s/m);
      expect(argument.out).toContain('-> relied on by no known operation');
      expect(argument.code).toBe(0);
    },
    SLOW,
  );

  it(
    'names them for a field that becomes required and for an enum value removed, not for an optional field added',
    async () => {
      const required = await check(SDL.replace('  team: String\n', '  team: String!\n'));
      expect(verdictFor(required.out, 'JoinInput.team')).toMatch(JOINERS);
      expect(required.code).toBe(1);

      const removed = await check(SDL.replace('  DUO\n', ''));
      expect(verdictFor(removed.out, 'TeamSize.DUO')).toMatch(JOINERS);
      expect(removed.code).toBe(1);

      const optional = await check(SDL.replace('  team: String\n', '  team: String\n  note: String\n'));
      expect(optional.out).toContain('(0 breaking)');
      expect(optional.code).toBe(0);
    },
    SLOW,
  );

  it(
    'reports a breaking change no known operation uses without failing, and fails on it with --strict',
    async () => {
      // Not a removal, which the deprecation policy refuses here (schema-check-usage.test.ts).
      const sdl = SDL.replace('archive(first: Int = 10)', 'archive(first: Int = 10, region: String!)');
      const { code, out } = await check(sdl);
      expect(verdictFor(out, 'Query.archive.region')).toMatch(/-> breaks no known operation$/);
      expect(out).toContain('1 breaking change(s) break no known operation: reported only');
      expect(code).toBe(0);

      const strict = await check(sdl, '--strict');
      expect(strict.out).toContain('failing (--strict)');
      expect(strict.code).toBe(1);
    },
    SLOW,
  );

  it(
    'exits 2 with the compiler output when the site does not build at the base ref',
    async () => {
      fs.writeFileSync(
        path.join(repo, 'web/src/Lobby.ts'),
        'export const query = graphql`query LobbyQuery { nope }`;\n',
      );
      const broken = commitAll(repo, 'broken site');
      const { code, out } = await schemaCheck(
        '--base',
        broken,
        '--schema',
        path.join(repo, 'schema.graphql'),
      );
      expect(out).toContain(`Building the site's operations at '${broken}' (npm run relay -w web) failed`);
      expect(out).toContain('nope');
      expect(code).toBe(2);
    },
    SLOW,
  );
});

describe("schema:check on this repository's site", () => {
  let clone: string;
  beforeAll(() => {
    // The committed tree (the base), with the working copy's partner operations.
    clone = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-site-'));
    git(os.tmpdir(), 'clone', '-q', '--depth', '1', `file://${repoRoot}`, clone);
    fs.cpSync(path.join(repoRoot, 'docs/partner-operations'), path.join(clone, 'docs/partner-operations'), {
      recursive: true,
    });
  });
  afterAll(() => fs.rmSync(clone, { recursive: true, force: true }));

  it(
    "names the site's operations and a partner's that a removed field breaks",
    async () => {
      const schema = path.join(clone, 'schema.graphql');
      const sdl = fs.readFileSync(schema, 'utf8');
      const removed = sdl.replace(/\n\s*"[^"\n]*(?:\\"[^"\n]*)*"\n\s*formatted: String!\n/, '\n');
      expect(removed).not.toBe(sdl);
      fs.writeFileSync(schema, removed);
      const { code, out } = await schemaCheck('--base', 'HEAD', '--schema', schema);
      expect(out).toMatch(/Known operations: [1-9]\d* of the site \(built at 'HEAD'\); [1-9]\d* of partners/);
      const verdict = verdictFor(out, 'Money.formatted');
      expect(verdict).toMatch(/-> breaks .*\w+Query \(site\)/);
      expect(verdict).toContain('PartnerRedeemCoupon (docs/partner-operations/quick-start.graphql)');
      expect(code).toBe(1);
    },
    SLOW,
  );

  it(
    "names the site's registration and a partner's when RegisterInput gains a required field",
    async () => {
      // As issue 39's idNumber did: the operations send RegisterInput as a variable, and still validate.
      const schema = path.join(clone, 'schema.graphql');
      // The committed schema (another test of this clone edits the file).
      const sdl = git(clone, 'show', 'HEAD:schema.graphql');
      const required = sdl.replace(/\ninput RegisterInput \{\n/, '$&  termsAccepted: Boolean!\n');
      expect(required).not.toBe(sdl);
      fs.writeFileSync(schema, required);
      const { code, out } = await schemaCheck('--base', 'HEAD', '--schema', schema);
      const verdict = verdictFor(out, 'RegisterInput.termsAccepted');
      expect(verdict).toContain('RegisterMutation (site)');
      expect(verdict).toContain('PartnerRegister (docs/partner-operations/quick-start.graphql)');
      expect(code).toBe(1);
    },
    SLOW,
  );
});

it('keeps every partner operation valid against schema.graphql', () => {
  const schema = buildSchema(fs.readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8'));
  const dir = path.join(repoRoot, 'docs/partner-operations');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.graphql'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect(
      validate(schema, parse(fs.readFileSync(path.join(dir, file), 'utf8'))).map((e) => e.message),
    ).toEqual([]);
  }
});
