/**
 * FICA verification (docs/rules.md#know-your-player): a player uploads an identity document and a proof of address
 * straight to the casino through single-use upload addresses, submits them, and the back office verifies or rejects;
 * a withdrawal waits for it. Files are JPEG, PNG or PDF by their first bytes, at most 5 MB, and never served back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, NEW_PLAYER } from '../src/seed/players.js';
import { TINY_PNG, tinyPdf } from '../src/seed/documents.js';
import { api, newPlayer, startSandbox, uploadDocument, verifyPlayer } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const MAX = 5 * 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const PDF = tinyPdf('Municipal account');

const verification = async (token: string) =>
  (await api(sb.url, 'GET', '/api/verification', { token })).body.verification;
const start = (token: string, body: Record<string, unknown>) =>
  api(sb.url, 'POST', '/api/verification/documents', { token, body });
const submit = (token: string) => api(sb.url, 'POST', '/api/verification/submit', { token });
const decide = (token: string, body: Record<string, unknown>) =>
  api(sb.url, 'POST', '/sandbox/verification', { token, body });

/** PUTs raw bytes to an upload address, as the site's page does (its Content-Type and, when given, an Origin). */
async function put(url: string, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** The stored row of a document (its bytes too), as only the database holds it. */
const stored = (id: string) =>
  sb.db
    .prepare('SELECT status, bytes, size, content_type FROM verification_documents WHERE id = ?')
    .get(id) as {
    status: string;
    bytes: Buffer | null;
    size: number;
    content_type: string;
  };

describe('a player’s verification', () => {
  it('starts unverified, missing both required documents, and says what it takes', async () => {
    const p = await newPlayer(sb.url);
    expect(await verification(p.token)).toEqual({
      status: 'unverified',
      submitted_at: null,
      decided_at: null,
      reason: null,
      review_time: 'within 24 hours',
      max_file_bytes: MAX,
      content_types: ['image/jpeg', 'image/png', 'application/pdf'],
      missing: ['identity', 'proof_of_address'],
      documents: [],
    });
    expect((await api(sb.url, 'GET', '/api/verification')).status).toBe(401);
  });

  it('goes unverified → uploaded → pending → rejected with a reason → uploaded again → verified', async () => {
    const p = await newPlayer(sb.url);
    const early = await submit(p.token);
    expect(early.status).toBe(422);
    expect(early.body).toEqual({
      error: 'Upload your ID document and proof of address first.',
      missing: ['identity', 'proof_of_address'],
    });

    const started = await start(p.token, { kind: 'identity', content_type: 'image/jpeg', size: JPEG.length });
    expect(started.status).toBe(201);
    expect(started.body.document).toEqual({
      id: expect.stringMatching(/^doc_/),
      kind: 'identity',
      status: 'awaiting_upload',
      rejection_reason: null,
      content_type: 'image/jpeg',
      size: JPEG.length,
      uploaded_at: null,
    });
    expect(started.body.upload_url).toMatch(
      new RegExp(`^${sb.url.replace(/[.]/g, '\\.')}/uploads/verification/[A-Za-z0-9_-]{43}$`),
    );
    const expiresIn =
      Date.parse(started.body.expires_at) - Date.parse((await api(sb.url, 'GET', '/sandbox/clock')).body.now);
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    expect((await verification(p.token)).documents.map((d: any) => d.status)).toEqual(['awaiting_upload']);

    const uploaded = await put(started.body.upload_url, JPEG, { 'content-type': 'image/jpeg' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.document).toMatchObject({
      id: started.body.document.id,
      status: 'uploaded',
      size: JPEG.length,
    });
    expect(uploaded.body.document.uploaded_at).toEqual(expect.any(String));
    expect((await verification(p.token)).missing).toEqual(['proof_of_address']);
    expect((await submit(p.token)).body.error).toBe('Upload your proof of address first.');

    const proof = await uploadDocument(sb.url, p.token, 'proof_of_address', PDF, 'application/pdf');
    expect(proof.status).toBe(201);
    const pending = await submit(p.token);
    expect(pending.status).toBe(200);
    expect(pending.body.verification).toMatchObject({ status: 'pending', missing: [], decided_at: null });
    expect(pending.body.verification.submitted_at).toEqual(expect.any(String));
    expect(pending.body.verification.documents.map((d: any) => [d.kind, d.status])).toEqual([
      ['proof_of_address', 'in_review'],
      ['identity', 'in_review'],
    ]);
    // Nothing to add or submit while the documents are reviewed.
    expect((await submit(p.token)).status).toBe(409);
    const whileReviewed = await start(p.token, {
      kind: 'bank_statement',
      content_type: 'application/pdf',
      size: 100,
    });
    expect(whileReviewed.status).toBe(409);
    expect(whileReviewed.body.error).toBe('Your documents are being reviewed (usually within 24 hours).');

    // The back office rejects the proof of address, saying why; the identity document stays in review.
    expect((await decide(p.token, { status: 'rejected' })).status).toBe(422);
    const rejected = await decide(p.token, {
      status: 'rejected',
      reason: 'The proof of address is older than three months.',
      kind: 'proof_of_address',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.verification).toMatchObject({
      status: 'rejected',
      reason: 'The proof of address is older than three months.',
      missing: ['proof_of_address'],
    });
    expect(rejected.body.verification.decided_at).toEqual(expect.any(String));
    expect(
      rejected.body.verification.documents.map((d: any) => [d.kind, d.status, d.rejection_reason]),
    ).toEqual([
      ['proof_of_address', 'rejected', 'The proof of address is older than three months.'],
      ['identity', 'in_review', null],
    ]);
    expect(await verification(p.token)).toEqual(rejected.body.verification);

    // Upload again, submit again, verified.
    expect((await uploadDocument(sb.url, p.token, 'proof_of_address', PDF, 'application/pdf')).status).toBe(
      201,
    );
    expect((await submit(p.token)).body.verification.status).toBe('pending');
    const verified = await decide(p.token, { status: 'verified' });
    expect(verified.status).toBe(200);
    expect(verified.body.verification).toMatchObject({ status: 'verified', reason: null, missing: [] });
    expect(verified.body.verification.documents.map((d: any) => [d.kind, d.status])).toEqual([
      ['proof_of_address', 'accepted'],
      ['proof_of_address', 'rejected'],
      ['identity', 'accepted'],
    ]);
    const more = await start(p.token, { kind: 'bank_statement', content_type: 'application/pdf', size: 100 });
    expect(more.status).toBe(409);
    expect(more.body.error).toBe('Your account is already verified.');
  });

  it('keeps the file as its first bytes say (a declared type is not trusted) and never serves it back', async () => {
    const p = await newPlayer(sb.url);
    const { started, status, body } = await uploadDocument(
      sb.url,
      p.token,
      'identity',
      TINY_PNG,
      'image/jpeg',
    );
    expect(status).toBe(201);
    expect(body.document.content_type).toBe('image/png');
    const row = stored(started.document.id);
    expect(row).toMatchObject({ status: 'uploaded', content_type: 'image/png', size: TINY_PNG.length });
    expect(Buffer.compare(row.bytes!, TINY_PNG)).toBe(0);
    // No route reads a file back: not its address, not the API.
    expect((await api(sb.url, 'GET', new URL(started.upload_url).pathname)).status).toBe(404);
    expect(JSON.stringify(await verification(p.token))).not.toContain(TINY_PNG.toString('base64'));
  });

  it('refuses a bad request for an upload address, naming each field', async () => {
    const p = await newPlayer(sb.url);
    const bad = await start(p.token, { kind: 'selfie', content_type: 'image/gif', size: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['content_type', 'kind', 'size']);
    const big = await start(p.token, { kind: 'identity', content_type: 'application/pdf', size: MAX + 1 });
    expect(big.body.errors).toEqual({ size: ['must be at most 5 MB (5242880 bytes)'] });
    expect((await start(p.token, { kind: 'identity', content_type: 'IMAGE/PNG', size: 10 })).status).toBe(
      201,
    );
    expect((await api(sb.url, 'POST', '/api/verification/documents', { body: {} })).status).toBe(401);
  });

  it('the back office needs the player’s bearer and a known decision', async () => {
    const p = await newPlayer(sb.url);
    expect(
      (await api(sb.url, 'POST', '/sandbox/verification', { body: { status: 'verified' } })).status,
    ).toBe(401);
    expect((await decide(p.token, { status: 'maybe' })).status).toBe(422);
    const rejected = await decide(p.token, { status: 'rejected', reason: ' ' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors.reason).toEqual(['is required: the player reads why']);
  });

  it('seeds the demo player verified with both documents accepted, and the new player unverified', async () => {
    const token = async (who: { email: string; password: string }) =>
      (await api(sb.url, 'POST', '/api/login', { body: { email: who.email, password: who.password } })).body
        .success.token as string;
    const demo = await verification(await token(DEMO_PLAYER));
    expect(demo).toMatchObject({ status: 'verified', missing: [] });
    expect(demo.documents.map((d: any) => [d.kind, d.status, d.content_type])).toEqual(
      expect.arrayContaining([
        ['identity', 'accepted', 'image/png'],
        ['proof_of_address', 'accepted', 'application/pdf'],
      ]),
    );
    expect((await verification(await token(NEW_PLAYER))).status).toBe('unverified');
  });
});

describe('upload addresses', () => {
  it('refuse a file whose first bytes are not a JPEG, PNG or PDF (415), keep nothing, and stay usable', async () => {
    const p = await newPlayer(sb.url);
    const started = (await start(p.token, { kind: 'identity', content_type: 'image/png', size: 100 })).body;
    for (const bytes of [Buffer.from('GIF89a-not-allowed'), Buffer.from('<html></html>'), Buffer.alloc(0)]) {
      const refused = await put(started.upload_url, bytes, { 'content-type': 'image/png' });
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe('The file must be a JPEG, PNG or PDF.');
    }
    expect(stored(started.document.id)).toMatchObject({ status: 'awaiting_upload', bytes: null });
    expect((await put(started.upload_url, TINY_PNG)).status).toBe(201);
  });

  it('refuse a file over 5 MB, or over the size declared (413), keeping nothing', async () => {
    const p = await newPlayer(sb.url);
    const started = (
      await start(p.token, { kind: 'proof_of_address', content_type: 'application/pdf', size: MAX })
    ).body;
    const tooBig = Buffer.concat([PDF, Buffer.alloc(MAX + 1 - PDF.length, 0x20)]);
    const refused = await put(started.upload_url, tooBig, { 'content-type': 'application/pdf' });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('The file is too large: at most 5 MB (5242880 bytes).');
    expect(stored(started.document.id)).toMatchObject({ status: 'awaiting_upload', bytes: null });
    // Exactly 5 MB is taken.
    const fits = Buffer.concat([PDF, Buffer.alloc(MAX - PDF.length, 0x20)]);
    expect((await put(started.upload_url, fits, { 'content-type': 'application/pdf' })).status).toBe(201);

    const small = (await start(p.token, { kind: 'identity', content_type: 'image/png', size: 10 })).body;
    const overDeclared = await put(small.upload_url, TINY_PNG);
    expect(overDeclared.status).toBe(413);
    expect(overDeclared.body.error).toBe('The file is larger than the 10 bytes declared for it.');
  });

  it('are single use: a second upload to a used address is 410, an unknown address 404', async () => {
    const p = await newPlayer(sb.url);
    const { started, status } = await uploadDocument(sb.url, p.token, 'identity');
    expect(status).toBe(201);
    const again = await put(started.upload_url, TINY_PNG);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('This upload address has been used: start the upload again.');
    const unknown = await put(`${sb.url}/uploads/verification/${'A'.repeat(43)}`, TINY_PNG);
    expect(unknown.status).toBe(404);
  });

  it('expire after 15 minutes on the casino’s clock (410), and an expired address is no longer listed', async () => {
    const own = await startSandbox();
    try {
      const p = await newPlayer(own.url);
      const started = await api(own.url, 'POST', '/api/verification/documents', {
        token: p.token,
        body: { kind: 'identity', content_type: 'image/png', size: TINY_PNG.length },
      });
      await api(own.url, 'POST', '/sandbox/clock', { body: { advance_minutes: 14 } });
      const listed = await api(own.url, 'GET', '/api/verification', { token: p.token });
      expect(listed.body.verification.documents).toHaveLength(1);
      await api(own.url, 'POST', '/sandbox/clock', { body: { advance_minutes: 1 } });
      const expired = await put(started.body.upload_url, TINY_PNG);
      expect(expired.status).toBe(410);
      expect(expired.body.error).toBe('This upload address has expired: start the upload again.');
      const after = await api(own.url, 'GET', '/api/verification', { token: p.token });
      expect(after.body.verification.documents).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('allow the site origins across origins (preflight, PUT and its refusals), and no one else', async () => {
    const p = await newPlayer(sb.url);
    const started = (await start(p.token, { kind: 'identity', content_type: 'image/png', size: 100 })).body;
    const site = 'http://localhost:5173';
    const preflight = await fetch(started.upload_url, {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
    const stranger = await fetch(started.upload_url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const refused = await put(started.upload_url, Buffer.from('nope'), { origin: site });
    expect(refused.status).toBe(415);
    expect(refused.headers.get('access-control-allow-origin')).toBe(site);
    const ok = await put(started.upload_url, TINY_PNG, {
      origin: 'http://127.0.0.1:4173',
      'content-type': 'image/png',
    });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(ok.headers.get('vary')).toMatch(/Origin/);
    // The API's own routes stay same-origin.
    const wallet = await fetch(`${sb.url}/api/verification`, { headers: { origin: site } });
    expect(wallet.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('withdrawals wait for verification', () => {
  /** A player with a verified email, R500 and a payout account: all a withdrawal needs but FICA. */
  async function payee() {
    const p = await newPlayer(sb.url, 'Zanele Dlamini');
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: { bank: 'absa', holder: 'Zanele Dlamini', account_number: '4051234567', account_type: 'cheque' },
    });
    return p;
  }
  const wallet = async (token: string) => (await api(sb.url, 'POST', '/api/wallet', { token })).body;
  const withdraw = (token: string) => api(sb.url, 'POST', '/api/withdraw', { token, body: { amount: 100 } });

  it('are refused with verification_required and what is missing, until the player is verified', async () => {
    const p = await payee();
    expect(await wallet(p.token)).toMatchObject({
      can_withdraw: false,
      withdraw_lock: 'verification_required',
    });
    const refused = await withdraw(p.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error:
        'Verify your identity before you withdraw: we need your ID document and proof of address (FICA).',
      code: 'verification_required',
      missing: ['identity', 'proof_of_address'],
      verification_status: 'unverified',
    });

    await uploadDocument(sb.url, p.token, 'identity');
    expect((await withdraw(p.token)).body).toMatchObject({
      error: 'Verify your identity before you withdraw: we need your proof of address (FICA).',
      missing: ['proof_of_address'],
    });
    await uploadDocument(sb.url, p.token, 'proof_of_address', PDF, 'application/pdf');
    expect((await withdraw(p.token)).body.error).toBe(
      'Verify your identity before you withdraw: submit your documents for review (FICA).',
    );
    await submit(p.token);
    expect((await withdraw(p.token)).body).toMatchObject({
      error:
        'Verify your identity before you withdraw: we are reviewing your documents (FICA), usually within 24 hours.',
      missing: [],
      verification_status: 'pending',
    });
    // Deposits and play do not wait for it.
    const deposit = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 50 },
    });
    expect(deposit.status).toBe(200);

    await decide(p.token, { status: 'verified' });
    expect(await wallet(p.token)).toMatchObject({ can_withdraw: true, withdraw_lock: null });
    const paid = await withdraw(p.token);
    expect(paid.status).toBe(200);
    expect(paid.body.withdrawal.status).toBe('pending');
  });

  it('come after the email in the lock’s order, and before bonus wagering', async () => {
    const p = await newPlayer(sb.url);
    expect((await wallet(p.token)).withdraw_lock).toBe('email_unverified');
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    expect((await wallet(p.token)).withdraw_lock).toBe('verification_required');
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    expect((await wallet(p.token)).withdraw_lock).toBe('verification_required');
    await verifyPlayer(sb.url, p.token);
    expect((await wallet(p.token)).withdraw_lock).toBe('bonus_wagering');
  });

  it('do not hold back a self-exclusion’s payout: the cash is paid out, verified or not', async () => {
    const p = await payee();
    const excluded = await api(sb.url, 'POST', '/api/selfExclusion', {
      token: p.token,
      body: { length: '6m', confirm: true },
    });
    expect(excluded.status).toBe(200);
    expect(excluded.body.payout).toMatchObject({ amount: '500.00', status: 'pending' });
  });
});
