/**
 * What stops a page of another site from using a player's browser against the gateway, and what a browser is told
 * about the gateway's responses: CSRF prevention (only JSON POSTs, or requests with a header a cross-site page cannot
 * send, run an operation), the CORS allow-list (ALLOWED_ORIGINS) and the security headers.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

const SITE = 'https://playlive.example';
const EVIL = 'https://evil.example';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ gateway: { allowedOrigins: [SITE, 'https://www.playlive.example'] } });
});
afterAll(() => stack.close());

const FORGOT = 'mutation($email: String!) { forgotPassword(input: { email: $email }) { message } }';

/** The password-reset mails the casino has sent to this address (its outbox, through a sandbox control route). */
async function mailsTo(email: string): Promise<number> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/mail?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mail: unknown[] }).mail.length;
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${stack.gateway.url}/graphql`, { method: 'POST', headers: { origin: EVIL, ...headers }, body });

const get = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${stack.gateway.url}/graphql?${new URLSearchParams(params)}`, {
    headers: { accept: 'application/graphql-response+json', ...headers },
  });

describe('CSRF prevention', () => {
  it('refuses a mutation POSTed as a form, multipart or text/plain from another site, and never runs it', async () => {
    const { email } = await signUp(stack);
    const variables = JSON.stringify({ email });
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: FORGOT, variables: { email } }));
    const attempts: [string, Promise<Response>][] = [
      [
        'url-encoded',
        post(new URLSearchParams({ query: FORGOT, variables }), {
          'content-type': 'application/x-www-form-urlencoded',
        }),
      ],
      ['multipart', post(form)],
      [
        'text/plain',
        post(JSON.stringify({ query: FORGOT, variables: { email } }), { 'content-type': 'text/plain' }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt;
      expect(res.status, what).toBe(415);
      const body = (await res.json()) as { data?: unknown; errors: any[] };
      expect(body.data, what).toBeUndefined();
      expect(body.errors[0].extensions.code, what).toBe('BAD_REQUEST');
      expect(body.errors[0].message, what).toMatch(/is not accepted\. Send the operation as JSON/);
      expect(body.errors[0].extensions.accepted, what).toEqual([
        'application/json',
        'application/graphql-response+json',
      ]);
    }
    expect(await mailsTo(email)).toBe(0);

    // The same mutation as JSON does reach the casino: the outbox above would have shown it.
    const json = await post(JSON.stringify({ query: FORGOT, variables: { email } }), {
      'content-type': 'application/json',
    });
    expect(((await json.json()) as any).data.forgotPassword.message).toMatch(/emailed a password reset link/);
    expect(await mailsTo(email)).toBe(1);
  });

  it('runs a JSON POST whatever the letter case and parameters of its media type, and of either JSON type', async () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'APPLICATION/JSON;charset=UTF-8',
      'application/graphql-response+json',
      'application/graphql-response+json; charset=utf-8',
    ]) {
      const res = await fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify({ query: '{ site { timeZone } }' }),
      });
      expect(res.status, type).toBe(200);
      expect(((await res.json()) as any).data.site.timeZone, type).toBe('Africa/Johannesburg');
    }
  });

  it('refuses a GET without a CSRF header with a coded 403 that says what to send', async () => {
    const { email } = await signUp(stack);
    for (const query of [
      '{ site { timeZone } }',
      `mutation { forgotPassword(input: { email: "${email}" }) { message } }`,
    ]) {
      const res = await get({ query }, { origin: EVIL });
      expect(res.status, query).toBe(403);
      const body = (await res.json()) as { errors: any[] };
      expect(body.errors).toEqual([
        {
          message: expect.stringMatching(/cross-site request forgery.*X-GraphQL-Yoga-CSRF/),
          extensions: { code: 'BAD_REQUEST' },
        },
      ]);
    }
    expect(await mailsTo(email)).toBe(0);
  });

  it('runs a GET query that carries a CSRF header, and still refuses a GET mutation', async () => {
    const { email } = await signUp(stack);
    for (const header of ['x-graphql-yoga-csrf', 'x-csrf-token']) {
      const query = await get({ query: '{ site { timeZone } }' }, { [header]: '1' });
      expect(query.status, header).toBe(200);
      expect(await query.json()).toMatchObject({ data: { site: { timeZone: 'Africa/Johannesburg' } } });
    }
    const mutation = await get(
      { query: FORGOT, variables: JSON.stringify({ email }) },
      { 'x-graphql-yoga-csrf': '1' },
    );
    expect(mutation.status).toBe(405);
    expect(((await mutation.json()) as { errors: any[] }).errors[0].message).toMatch(/mutation.*POST/i);
    expect(await mailsTo(email)).toBe(0);
  });

  it('serves a subscription as server-sent events on a GET with the CSRF header (as GraphiQL sends it)', async () => {
    const controller = new AbortController();
    const res = await fetch(
      `${stack.gateway.url}/graphql?${new URLSearchParams({ query: 'subscription { tournamentUpdated(id: "VG91cm5hbWVudDox") { id } }' })}`,
      { headers: { accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' }, signal: controller.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    controller.abort();
  });
});

describe('CORS', () => {
  const cors = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));
  const vary = (res: Response) =>
    (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
  const query = (headers: Record<string, string>) =>
    fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ site { timeZone } }' }),
    });
  const preflight = (origin: string) =>
    fetch(`${stack.gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization, x-csrf-token',
      },
    });

  it('responds to an allowed origin with that origin and credentials, varying by Origin', async () => {
    for (const origin of [SITE, 'https://www.playlive.example']) {
      const res = await query({ origin });
      expect(res.status).toBe(200);
      expect(cors(res)).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'x-request-id, retry-after',
      });
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(vary(res)).toContain('origin');
    }
  });

  it('gives a disallowed origin no CORS headers at all, and says the response varies by Origin', async () => {
    for (const origin of [EVIL, 'null', `${SITE}.evil.example`, 'http://playlive.example']) {
      const res = await query({ origin });
      expect(cors(res), origin).toEqual({});
      expect(vary(res), origin).toContain('origin');
    }
    const noOrigin = await query({});
    expect(cors(noOrigin)).toEqual({});
    expect(vary(noOrigin)).toContain('origin');
  });

  it('responds to a preflight from an allowed origin with what it may send; from another origin with nothing', async () => {
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(204);
    expect(cors(allowed)).toEqual({
      'access-control-allow-origin': SITE,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type, authorization, x-csrf-token',
      'access-control-expose-headers': 'x-request-id, retry-after',
      'access-control-max-age': '600',
    });
    expect(vary(allowed)).toContain('origin');

    const refused = await preflight(EVIL);
    expect(cors(refused)).toEqual({});
    expect(vary(refused)).toContain('origin');
  });
});

describe('security headers', () => {
  const expectDataHeaders = (res: Response, what: string) => {
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('content-security-policy'), what).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  };

  it('are on every response: data, errors, refusals, preflights and health checks', async () => {
    const responses: [string, Response][] = [
      [
        'query',
        await post(JSON.stringify({ query: '{ site { timeZone } }' }), {
          'content-type': 'application/json',
        }),
      ],
      ['bad JSON', await post('{', { 'content-type': 'application/json' })],
      ['refused type', await post('query=x', { 'content-type': 'text/plain' })],
      ['refused GET', await get({ query: '{ __typename }' })],
      [
        'preflight',
        await fetch(`${stack.gateway.url}/graphql`, { method: 'OPTIONS', headers: { origin: SITE } }),
      ],
      ['health', await fetch(`${stack.gateway.url}/healthz`)],
      ['unknown path', await fetch(`${stack.gateway.url}/nothing-here`)],
    ];
    for (const [what, res] of responses) expectDataHeaders(res, what);
  });

  it('give GraphiQL a policy that runs exactly its own inline script, loads nothing from elsewhere and forbids framing', async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const policy = res.headers.get('content-security-policy')!;
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
    );
    expect(scripts).toHaveLength(1);
    expect(policy).toContain(`script-src ${scripts[0]};`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-eval|https?:|\*/);
    // The page asks for its subscriptions with the CSRF header, so they pass.
    expect(html).toContain('"additionalHeaders":{"x-graphql-yoga-csrf":"1"}');
  });
});

describe('what caches may keep (the site sends its queries as GET)', () => {
  const QUERY = '{ gameProviders { shortname } }';

  it("never lets a player's response be stored, and says a stored guest response is never served for a player's", async () => {
    const { token } = await signUp(stack, 'Cache Player');
    const res = await get(
      { query: '{ viewer { wallet { money { formatted } } } }' },
      { 'x-csrf-token': 't', authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.viewer.wallet.money.formatted).toEqual(expect.any(String));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['Origin', 'Authorization']),
    );
  });

  it("lets a guest's response be stored only to be checked again: an unchanged one comes back as a 304 with no body", async () => {
    // The guests' response cache keys by the clock's second: a pair straddling one is two results, so try again.
    let revalidated: Response | undefined;
    for (let tries = 0; tries < 3 && revalidated?.status !== 304; tries++) {
      const first = await get({ query: QUERY }, { 'x-csrf-token': 't' });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(first.headers.get('vary')?.split(/,\s*/)).toContain('Authorization');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      await first.arrayBuffer();
      revalidated = await get({ query: QUERY }, { 'x-csrf-token': 't', 'if-none-match': etag! });
    }
    expect(revalidated!.status).toBe(304);
    expect(await revalidated!.text()).toBe('');
  });

  it('leaves a response that says how to keep it as it is (the readiness check: never stored)', async () => {
    const res = await fetch(`${stack.gateway.url}/readyz`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
