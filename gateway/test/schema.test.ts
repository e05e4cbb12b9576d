import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  isObjectType,
  lexicographicSortSchema,
  parse,
  printSchema,
  validate,
  type GraphQLObjectType,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, git, schemaCheck } from './schema-check-run.js';
import { GRAPHIQL_QUERY } from '../src/server.js';
import { deprecatedCoordinates, removalDate } from '../src/deprecation-policy.js';
import { startStack, type Stack } from './harness.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(gatewayDir, '..');
const rootSchema = path.join(repoRoot, 'schema.graphql');

/** Runs the check as CI does (tsx, in gateway/), returning its exit code and output. */
function schemaCheckCommand(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schema-check.ts', ...args], {
    cwd: gatewayDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

// label is deprecated, with a removal date that has passed: the deprecation policy lets a commit remove it.
const LABEL = '  label: String! @deprecated(reason: "Use `name`. Removal on or after 2026-01-01.")\n';
const SDL_V1 = `type Query {
  tournaments: [Tournament!]!
}

type Tournament {
  id: ID!
  name: String!
${LABEL}}
`;

describe('npm run schema:check', () => {
  let repo: string;
  let schema: string;
  let base: string;
  beforeAll(() => {
    // A throwaway repository: a base commit, then working copies that remove or add a field.
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-'));
    schema = path.join(repo, 'api', 'schema.graphql');
    fs.mkdirSync(path.dirname(schema));
    fs.writeFileSync(schema, SDL_V1);
    base = commitAll(repo, 'v1');
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  const commit = (sdl: string, message: string) => {
    fs.writeFileSync(schema, sdl);
    commitAll(repo, message);
  };

  it('passes the project schema against HEAD when nothing changed', async () => {
    // Compares the committed schema with itself, so it holds even while the working copy is being edited.
    const { code, out } = await schemaCheck('--base', 'HEAD', '--schema', rootSchema);
    if (git(repoRoot, 'status', '--porcelain', '--', 'schema.graphql') === '') {
      expect(out).toContain('0 (0 breaking)');
      expect(code).toBe(0);
    } else {
      expect([0, 1]).toContain(code);
    }
  });

  it('names the field a commit removes; with no known operation it breaks, it fails only with --strict', async () => {
    // This repository has no site and no partner operations (schema-check-operations.test.ts has both).
    commit(SDL_V1.replace(LABEL, ''), 'remove label');
    const { code, out } = await schemaCheck('--base', base, '--schema', schema);
    expect(code).toBe(0);
    expect(out).toMatch(/BREAKING\s+Tournament\.label/);
    expect(out).toContain("Field 'label' (deprecated) was removed from object type 'Tournament'");
    expect(out).toMatch(/Tournament\.label.*\n\s+-> breaks no known operation/);
    // The command itself, once: its output, and the exit code CI reads.
    const strict = schemaCheckCommand('--base', base, '--schema', schema, '--strict');
    expect(strict.out).toMatch(/BREAKING\s+Tournament\.label/);
    expect(strict.out).toContain('failing (--strict)');
    expect(strict.code).toBe(1);
  });

  it('passes with exit 0 when a commit only adds a field, listing it as non-breaking', async () => {
    const previous = git(repo, 'rev-parse', 'HEAD');
    commit(SDL_V1.replace(LABEL, `${LABEL}  stage: String\n`), 'add stage');
    const { code, out } = await schemaCheck('--base', base, '--schema', schema);
    expect(code).toBe(0);
    expect(out).toMatch(/NON_BREAKING\s+Tournament\.stage/);
    // And against the commit that had removed label, adding it back is not breaking either.
    expect((await schemaCheck('--base', previous, '--schema', schema)).code).toBe(0);
  });

  it('exits 2 with a clear message for an unknown ref, a schema that does not parse, or no --base', async () => {
    const unknown = await schemaCheck('--base', 'no-such-ref', '--schema', schema);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("Unknown git ref 'no-such-ref'");

    fs.writeFileSync(schema, 'type Query {');
    const broken = await schemaCheck('--base', base, '--schema', schema);
    expect(broken.code).toBe(2);
    expect(broken.out).toContain('does not parse');
    git(repo, 'checkout', '-q', '--', '.');

    const missing = await schemaCheck('--schema', schema);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('--base <git ref> is required');
  });

  it('explains itself with --help', async () => {
    const { code, out } = await schemaCheck('--help');
    expect(code).toBe(0);
    expect(out).toContain('--base <ref>');
    expect(out).toContain('--schema <path>');
    expect(out).toContain('--strict');
  });
});

describe('the served schema', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('is schema.graphql, as introspection over HTTP shows it', async () => {
    const res = await stack.gql<IntrospectionQuery>(
      getIntrospectionQuery({ descriptions: true, schemaDescription: true, specifiedByUrl: true }),
    );
    expect(res.errors).toBeUndefined();
    const served = printSchema(lexicographicSortSchema(buildClientSchema(res.data)));
    const file = printSchema(lexicographicSortSchema(buildSchema(fs.readFileSync(rootSchema, 'utf8'))));
    expect(served).toBe(file);
  });

  it("shows a deprecated field with its reason, as GraphiQL's docs explorer reads it", async () => {
    const res = await stack.gql<{
      __type: { fields: { name: string; isDeprecated: boolean; deprecationReason: string | null }[] };
    }>(
      '{ __type(name: "Site") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.__type.fields.find((f) => f.name === 'liveChatEnabled')).toEqual({
      name: 'liveChatEnabled',
      isDeprecated: true,
      deprecationReason: 'Use `liveChat.enabled`. Removal on or after 2027-02-01.',
    });
  });
});

describe('the schema as partner tools read it', () => {
  const schema = buildSchema(fs.readFileSync(rootSchema, 'utf8'));
  const fields = Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
    .flatMap((t) => Object.values(t.getFields()).map((f) => ({ owner: t.name, field: f })));

  it('names the replacement and the earliest removal date in every deprecation (docs/partners.md)', () => {
    const deprecated = [...deprecatedCoordinates(schema)];
    expect(deprecated.length).toBeGreaterThan(0);
    expect(deprecated.filter(([, reason]) => !/^Use .+\./.test(reason) || !removalDate(reason))).toEqual([]);
  });

  it('describes every argument', () => {
    const bare = fields.flatMap(({ owner, field }) =>
      field.args.filter((a) => !a.description?.trim()).map((a) => `${owner}.${field.name}(${a.name})`),
    );
    expect(bare).toEqual([]);
  });

  it('states the page size limit on every `first`', () => {
    const unstated = fields.flatMap(({ owner, field }) =>
      field.args
        .filter((a) => a.name === 'first' && !a.description?.includes('100'))
        .map(() => `${owner}.${field.name}`),
    );
    expect(unstated).toEqual([]);
  });

  it("GraphiQL's default tab runs against it", () => {
    expect(validate(schema, parse(GRAPHIQL_QUERY))).toEqual([]);
  });

  it('opens with the nullability policy', () => {
    expect(schema.description).toContain('Nullability policy');
  });
});
