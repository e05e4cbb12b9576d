/**
 * Partners (src/partners/): API keys made by `npm run partner` (run in-process here, as the command's own
 * partnerCommand), sent in X-Api-Key over HTTP or in graphql-ws's connection_init, refused with a reason when no
 * good; each partner's published operations, which are all a keyed request runs with PERSISTED_OPERATIONS_ONLY.
 * Two gateways share one partner store file: a development one (its clock movable, for a rotation's grace) and a
 * production one that runs only persisted operations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { DEMO_PARTNER_KEY } from '../src/partners/demo.js';
import { PartnerStoreError } from '../src/partners/store.js';
import { createGateway, type Gateway } from '../src/server.js';
import { partnerCommand } from '../src/partners/partner-cli.js';
import { liveClient, startStack, subscribe, until, type Stack } from './harness.js';
import { capturingLogger, noteSecret } from './log-capture.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'partners-'));
const store = path.join(folder, 'partners.json');
const sitePersisted = path.join(folder, 'persisted-operations.json');
const SITE_QUERY = 'query SiteOnly { __typename }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
fs.writeFileSync(sitePersisted, JSON.stringify({ [sha256(SITE_QUERY)]: SITE_QUERY }));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** `npm run partner -- ...` against this suite's store: its exit code and lines. */
async function partner(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await partnerCommand(
    argv,
    { PARTNER_STORE: store, INIT_CWD: folder },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { code, out, err };
}

/** Creates a partner and returns its key (the last line), noted as a secret no log line may hold. */
async function created(name: string, ...options: string[]): Promise<string> {
  const made = await partner('create', name, ...options);
  expect(made.code, made.err.join('\n')).toBe(0);
  const key = made.out.at(-1)!;
  noteSecret(key);
  return key;
}

/** POST /graphql with a key (and any other headers). */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, ...((await res.json()) as any) };
}

const TYPENAME = '{ __typename }';

/** The reason a keyed request is refused with, or 'ok'. */
async function verdict(url: string, key: string, query = TYPENAME): Promise<string> {
  const res = await post(url, { query }, { 'x-api-key': key });
  return res.status === 200 && !res.errors ? 'ok' : String(res.errors?.[0]?.extensions?.reason ?? res.status);
}

/** How a graphql-ws socket carrying `params` ends up: its first result, or its close code and reason. */
async function overSocket(stack: Stack, params: Record<string, unknown>, query = TYPENAME) {
  const client = liveClient(stack, null, { params });
  const op = subscribe(client, query);
  const outcome = await Promise.race([op.next(() => true, 5000).then((r) => ({ result: r })), op.ended]);
  await client.dispose();
  if ('result' in outcome) return outcome.result;
  const closed = outcome.errors as { code?: number; reason?: string } | readonly unknown[];
  return Array.isArray(closed)
    ? { errors: closed }
    : { code: (closed as any).code, reason: (closed as any).reason };
}

const PUBLISHED = `query PartnerGames($first: Int!) {
  games(first: $first, sort: ALPHA_ASC) { edges { node { ...PartnerGame } } }
}

fragment PartnerGame on Game { id name }

query PartnerTypename { __typename }
`;
const GAMES_TEXT = `query PartnerGames($first: Int!) {
  games(first: $first, sort: ALPHA_ASC) { edges { node { ...PartnerGame } } }
}

fragment PartnerGame on Game { id name }`;

let now = Date.now();
let dev: Stack;
let production: Gateway;

beforeAll(async () => {
  [dev, production] = await Promise.all([
    startStack({ gateway: { partnerStore: store }, clock: () => new Date(now), production: false }),
    // Its upstream is never reached: its tests stop at the key or the operation, or run `__typename`.
    createGateway({
      config: {
        port: 0,
        host: '127.0.0.1',
        casinoApiUrl: 'http://127.0.0.1:9',
        pusherUrl: 'http://127.0.0.1:9',
        rateLimits: false,
        graphiql: false,
        introspection: false,
        partnerStore: store,
        persistedOperationsFile: sitePersisted,
        persistedOperationsOnly: true,
      },
      production: true,
      logger: capturingLogger(),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), production?.close()]);
});

describe('API keys over HTTP', () => {
  it('runs a keyed query once `create` has made the key, and refuses a key no partner has', async () => {
    const made = await partner('create', 'acme-tools', '--rate', '120', '--cost', '5000');
    expect(made.code).toBe(0);
    const key = made.out.at(-1)!;
    noteSecret(key);
    expect(key).toMatch(/^pl_[A-Za-z0-9_-]{43}$/);
    expect(made.out.slice(0, -1).join('\n')).toContain('rate: 120 requests/minute; cost budget: 5000/minute');
    await until(async () => (await verdict(dev.gateway.url, key)) === 'ok', 'the new key to work', 2000);

    const wrong = await post(dev.gateway.url, { query: TYPENAME }, { 'x-api-key': `${key.slice(0, -2)}xx` });
    expect(wrong.status).toBe(401);
    expect(wrong.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'unknown_key' });
    expect(wrong.data).toBeUndefined();

    // Without a key, as before: a guest.
    expect((await post(dev.gateway.url, { query: TYPENAME })).data).toEqual({ __typename: 'Query' });

    // The store and `list` hold no key, nor its hash.
    const listed = await partner('list');
    expect(listed.out.join('\n')).toMatch(/acme-tools\s+-\s+120\s+5000\s+0\s+live/);
    for (const text of [listed.out.join('\n'), fs.readFileSync(store, 'utf8')])
      expect(text).not.toContain(key);
    expect(listed.out.join('\n')).not.toContain(sha256(key));
  });

  it('refuses a revoked key with its reason', async () => {
    const key = await created('revoked-soon');
    await until(async () => (await verdict(dev.gateway.url, key)) === 'ok', 'the key to work', 2000);
    expect((await partner('revoke', 'revoked-soon')).code).toBe(0);
    await until(async () => (await verdict(dev.gateway.url, key)) === 'revoked', 'the revocation', 2000);
    const refused = await post(dev.gateway.url, { query: TYPENAME }, { 'x-api-key': key });
    expect(refused.status).toBe(401);
    expect(refused.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // Revoked is for good: no rotation brings it back.
    expect((await partner('rotate', 'revoked-soon')).code).toBe(2);
  });

  it('keeps the old key working through a rotation grace period, then refuses it as expired', async () => {
    const old = await created('rotating');
    const rotated = await partner('rotate', 'rotating', '--grace-hours', '1');
    expect(rotated.code).toBe(0);
    const fresh = rotated.out.at(-1)!;
    noteSecret(fresh);
    await until(async () => (await verdict(dev.gateway.url, fresh)) === 'ok', 'the new key to work', 2000);
    expect(await verdict(dev.gateway.url, old)).toBe('ok');
    expect((await partner('list')).out.join('\n')).toMatch(/rotating .* live \(old key until /);

    now += 2 * 3_600_000;
    expect(await verdict(dev.gateway.url, old)).toBe('expired');
    expect(await verdict(dev.gateway.url, fresh)).toBe('ok');
  });

  it('lets a key be used only from the origins its partner lists (servers: no Origin)', async () => {
    const key = await created('browser-tool', '--origins', 'https://tool.example,https://beta.tool.example');
    await until(async () => (await verdict(dev.gateway.url, key)) === 'ok', 'the key to work', 2000);

    const preflight = await fetch(`${dev.gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://tool.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-api-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://tool.example');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-api-key/i);

    const listed = await post(
      dev.gateway.url,
      { query: TYPENAME },
      { 'x-api-key': key, origin: 'https://tool.example' },
    );
    expect(listed.data).toEqual({ __typename: 'Query' });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://tool.example');

    const other = await post(
      dev.gateway.url,
      { query: TYPENAME },
      { 'x-api-key': key, origin: 'https://evil.example' },
    );
    expect(other.status).toBe(403);
    expect(other.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'origin_not_allowed' });

    // A partner without origins is for servers: any page's Origin is refused.
    const serverOnly = await post(
      dev.gateway.url,
      { query: TYPENAME },
      { 'x-api-key': DEMO_PARTNER_KEY, origin: 'https://tool.example' },
    );
    expect(serverOnly.errors[0].extensions.reason).toBe('origin_not_allowed');
  });

  it('knows the demo partner in development only', async () => {
    expect(await verdict(dev.gateway.url, DEMO_PARTNER_KEY)).toBe('ok');
    expect(await verdict(production.url, DEMO_PARTNER_KEY)).toBe('unknown_key');
  });

  it('stops a start on a PARTNER_STORE that is no store, naming the setting', async () => {
    expect(() => configFromEnv({ PARTNER_STORE: 'partners/' })).toThrow(/PARTNER_STORE: must name a file/);
    expect(configFromEnv({ PARTNER_STORE: 'p.json', INIT_CWD: folder }).partnerStore).toBe(
      path.join(folder, 'p.json'),
    );
    const broken = path.join(folder, 'broken.json');
    fs.writeFileSync(broken, '{"partners": ');
    await expect(
      createGateway({ config: { port: 0, partnerStore: broken }, logger: capturingLogger() }),
    ).rejects.toThrow(new PartnerStoreError(`PARTNER_STORE: ${broken} is not JSON.`));
  });

  it('refuses bad usage and unknown partners with exit 2', async () => {
    expect((await partner('create', 'Bad Name')).code).toBe(2);
    expect((await partner('create', 'demo')).code).toBe(2);
    expect((await partner('create', 'x1', '--origins', 'https://a.example/path')).code).toBe(2);
    expect((await partner('create', 'x1', '--rate', '0')).code).toBe(2);
    const unknown = await partner('revoke', 'nobody');
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n')).toContain('There is no partner nobody');
    expect((await partner('frobnicate')).code).toBe(2);
  });
});

describe('API keys over graphql-ws', () => {
  it("runs a socket's operations as its partner, and closes a socket whose key is no good with 4403 and why", async () => {
    const key = await created('socket-tool');
    await until(async () => (await verdict(dev.gateway.url, key)) === 'ok', 'the key to work', 2000);
    expect((await overSocket(dev, { 'x-api-key': key })).data).toEqual({ __typename: 'Query' });
    expect((await overSocket(dev, { apiKey: key })).data).toEqual({ __typename: 'Query' });
    expect(await overSocket(dev, { 'x-api-key': 'pl_nothing_of_the_sort' })).toEqual({
      code: 4403,
      reason: 'Forbidden: unknown_key',
    });
    // From a browser page: the origins its partner lists, with its key only.
    const pageKey = await created('socket-page', '--origins', 'https://page.example');
    await until(async () => (await verdict(dev.gateway.url, pageKey)) === 'ok', 'the key to work', 2000);
    const fromPage = async (params: Record<string, unknown>) => {
      const client = liveClient(dev, null, { params, origin: 'https://page.example' });
      const op = subscribe(client, TYPENAME);
      const ended = await Promise.race([
        op.next().then((r) => r.data),
        op.ended.then((e) => (e.errors as any)?.reason),
      ]);
      await client.dispose();
      return ended;
    };
    expect(await fromPage({ 'x-api-key': pageKey })).toEqual({ __typename: 'Query' });
    expect(await fromPage({})).toBe('Forbidden: origin_not_allowed');
    expect(await fromPage({ 'x-api-key': key })).toBe('Forbidden: origin_not_allowed');

    await partner('revoke', 'socket-tool');
    await until(async () => (await verdict(dev.gateway.url, key)) === 'revoked', 'the revocation', 2000);
    expect(await overSocket(dev, { 'x-api-key': key })).toEqual({ code: 4403, reason: 'Forbidden: revoked' });
  });
});

describe('publishing trusted operations', () => {
  it('refuses a file that is not valid against the schema, naming each error', async () => {
    await created('publisher');
    const file = path.join(folder, 'invalid.graphql');
    fs.writeFileSync(file, 'query Broken {\n  games(first: 2) { edges { node { nope } } }\n}\n');
    const refused = await partner('publish', 'publisher', 'invalid.graphql');
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/invalid\.graphql:2:\d+ Cannot query field "nope" on type "Game"/);

    fs.writeFileSync(file, `query Deep ${'{ a '.repeat(70)}${'}'.repeat(70)}`);
    expect((await partner('publish', 'publisher', 'invalid.graphql')).err.join('\n')).toContain(
      'Brackets may nest at most 64 deep',
    );
    expect((await partner('publish', 'nobody', 'invalid.graphql')).code).toBe(2);
  });

  it("runs only the partner's published operations with PERSISTED_OPERATIONS_ONLY, by text or by hash", async () => {
    const key = await created('trusted');
    const file = path.join(folder, 'trusted.graphql');
    fs.writeFileSync(file, PUBLISHED);
    const published = await partner('publish', 'trusted', 'trusted.graphql');
    expect(published.code, published.err.join('\n')).toBe(0);
    const gamesHash = sha256(GAMES_TEXT);
    const typenameHash = sha256('query PartnerTypename { __typename }');
    expect(published.out.slice(1)).toEqual([
      `  PartnerGames     ${gamesHash}`,
      `  PartnerTypename  ${typenameHash}`,
    ]);

    // The GraphQL-over-HTTP media type, whose request errors are 400s (with application/json they are 200s, as the
    // site's persisted-operation refusals: Yoga's `spec` statuses).
    const keyed = (body: unknown) =>
      post(production.url, body, { 'x-api-key': key, accept: 'application/graphql-response+json' });
    await until(
      async () => (await keyed({ query: 'query PartnerTypename { __typename }' })).status === 200,
      'the published operations on the production gateway',
      2000,
    );
    // By hash, as an automatic persisted query client sends it (no text).
    const byHash = await keyed({
      extensions: { persistedQuery: { version: 1, sha256Hash: typenameHash } },
    });
    expect(byHash.data).toEqual({ __typename: 'Query' });
    // The same as a GET, as APQ clients send queries.
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: typenameHash } });
    const get = await fetch(`${production.url}/graphql?extensions=${encodeURIComponent(extensions)}`, {
      headers: { 'x-api-key': key, 'x-graphql-yoga-csrf': '1' },
    });
    expect(((await get.json()) as any).data).toEqual({ __typename: 'Query' });

    const unregistered = await keyed({ query: TYPENAME });
    expect(unregistered.status).toBe(400);
    expect(unregistered.errors[0].extensions).toMatchObject({
      code: 'PERSISTED_QUERY_NOT_REGISTERED',
      operationHash: sha256(TYPENAME),
      partner: 'trusted',
    });
    const unknownHash = sha256('query Other { __typename }');
    const notFound = await keyed({ extensions: { persistedQuery: { version: 1, sha256Hash: unknownHash } } });
    expect(notFound.status).toBe(400);
    expect(notFound.errors[0].extensions).toMatchObject({
      code: 'PERSISTED_QUERY_NOT_FOUND',
      operationHash: unknownHash,
    });

    // Without a key, as before: only the site's operations, by doc_id.
    const keyless = await post(production.url, { query: 'query PartnerTypename { __typename }' });
    expect(keyless.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    expect((await post(production.url, { doc_id: sha256(SITE_QUERY) })).data).toEqual({
      __typename: 'Query',
    });
    // Nor may a partner run the site's operations.
    expect((await keyed({ doc_id: sha256(SITE_QUERY) })).errors[0].extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );

    // Over graphql-ws the same: its hash runs, an unregistered text is refused naming its hash.
    const socketStack = { gateway: production } as Stack;
    const overWs = await overSocket(socketStack, { 'x-api-key': key }, '');
    expect(overWs.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    const client = liveClient(socketStack, null, { params: { 'x-api-key': key } });
    const sent = await new Promise<any>((resolve) => {
      const results: any[] = [];
      client.subscribe(
        { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: typenameHash } } },
        {
          next: (r) => results.push(r),
          error: (e) => resolve({ error: e }),
          complete: () => resolve(results[0]),
        },
      );
    });
    expect(sent.data).toEqual({ __typename: 'Query' });
    await client.dispose();
    const refusedWs = await overSocket(socketStack, { 'x-api-key': key }, 'query Unpublished { __typename }');
    expect(refusedWs.errors?.[0]?.extensions).toMatchObject({
      code: 'PERSISTED_QUERY_NOT_REGISTERED',
      operationHash: sha256('query Unpublished { __typename }'),
    });

    // In development any document runs, and a published hash too (once that gateway has read the store).
    const devRun = () =>
      post(
        dev.gateway.url,
        { extensions: { persistedQuery: { version: 1, sha256Hash: gamesHash } }, variables: { first: 2 } },
        { 'x-api-key': key },
      );
    await until(async () => (await devRun()).status !== 401, 'the partner on the development gateway', 2000);
    const ran = await devRun();
    expect(ran.data?.games.edges, JSON.stringify(ran)).toHaveLength(2);
  });
});
