/**
 * FICA verification through the gateway (docs/rules.md#know-your-player), as a player on a phone goes through it: the
 * verification and what is missing, a document's upload started by the gateway and PUT by the client straight to the
 * casino's single-use address (the gateway never holds a file), the submission, the back office's decision arriving
 * live, and the withdrawal the casino refuses until then: VERIFICATION_REQUIRED with extensions.missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPayoutAccount,
  credit,
  liveClient,
  putFile,
  sandboxPost,
  signUp,
  startStack,
  subscribe,
  TINY_PDF,
  TINY_PNG,
  type Stack,
} from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const VERIFICATION_FIELDS = `status missing submittedAt decidedAt reason reviewTime maxFileBytes contentTypes
  documents { id kind status rejectionReason contentType size uploadedAt }`;
const VERIFICATION = `{ viewer { verification { ${VERIFICATION_FIELDS} } } }`;
const START = `mutation($input: StartVerificationUploadInput!) {
  startVerificationUpload(input: $input) {
    uploadUrl expiresAt clientMutationId document { id kind status contentType size uploadedAt }
  }
}`;
const SUBMIT = `mutation { submitVerification(input: { clientMutationId: "s1" }) {
  clientMutationId verification { status missing submittedAt documents { kind status } }
} }`;
const WITHDRAW = `mutation($input: WithdrawInput!) { withdraw(input: $input) { withdrawalId status } }`;
const EVENTS = `subscription { viewerEvents(catchUp: true) {
  __typename name
  ... on ViewerSnapshotEvent { viewer { verification { status missing } } }
  ... on VerificationEvent {
    verification { status reason missing documents { kind status rejectionReason } }
    viewer { wallet { withdrawLock } }
  }
} }`;

const verificationOf = async (token: string) =>
  (await stack.gql(VERIFICATION, {}, { token })).data.viewer.verification;

/** Starts an upload through the gateway and PUTs the file to the address it gives; the PUT's status. */
async function upload(token: string, kind: string, file: Buffer, contentType: string) {
  const started = await stack.gql(START, { input: { kind, contentType, size: file.length } }, { token });
  expect(started.errors).toBeUndefined();
  return putFile(started.data.startVerificationUpload.uploadUrl, file, contentType);
}

let keys = 0;
const withdraw = (token: string) =>
  stack.gql(
    WITHDRAW,
    { input: { amount: '100.00', idempotencyKey: `kyp-${Date.now()}-${++keys}` } },
    { token },
  );

describe('Viewer.verification', () => {
  it('starts unverified, with both required documents missing and the casino’s rules for files', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(VERIFICATION, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer.verification).toEqual({
      status: 'UNVERIFIED',
      missing: ['IDENTITY', 'PROOF_OF_ADDRESS'],
      submittedAt: null,
      decidedAt: null,
      reason: null,
      reviewTime: 'within 24 hours',
      maxFileBytes: 5_242_880,
      contentTypes: ['image/jpeg', 'image/png', 'application/pdf'],
      documents: [],
    });
    expect(res.extensions.upstreamCalls).toContain('GET /api/verification');
  });
});

describe('a document upload', () => {
  it("hands over the casino's own single-use address; the client PUTs the file there", async () => {
    const { token } = await signUp(stack);
    const started = await stack.gql(
      START,
      {
        input: { kind: 'IDENTITY', contentType: 'image/png', size: TINY_PNG.length, clientMutationId: 'u1' },
      },
      { token },
    );
    expect(started.errors).toBeUndefined();
    const { uploadUrl, expiresAt, document, clientMutationId } = started.data.startVerificationUpload;
    expect(clientMutationId).toBe('u1');
    expect(document).toMatchObject({
      kind: 'IDENTITY',
      status: 'AWAITING_UPLOAD',
      contentType: 'image/png',
      size: TINY_PNG.length,
      uploadedAt: null,
    });
    // On the casino's host, as it gave it: the gateway proxies no file.
    expect(uploadUrl.startsWith(`${stack.sandbox.url}/uploads/verification/`)).toBe(true);
    expect(uploadUrl).not.toContain(stack.gateway.url);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(10);
    expect(minutes).toBeLessThanOrEqual(15);

    expect(await putFile(uploadUrl, TINY_PNG, 'image/png')).toBe(201);
    // Single use.
    expect(await putFile(uploadUrl, TINY_PNG, 'image/png')).toBe(410);
    const after = await verificationOf(token);
    expect(after.documents).toEqual([
      expect.objectContaining({
        id: document.id,
        kind: 'IDENTITY',
        status: 'UPLOADED',
        uploadedAt: expect.any(String),
      }),
    ]);
    expect(after.missing).toEqual(['PROOF_OF_ADDRESS']);
  });

  it('is refused as BAD_USER_INPUT naming the field: a type other than JPEG, PNG or PDF, a size over 5 MB', async () => {
    const { token } = await signUp(stack);
    const gif = await stack.gql(
      START,
      { input: { kind: 'IDENTITY', contentType: 'image/gif', size: 100 } },
      { token },
    );
    expect(gif.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(gif.errors![0].extensions.fields)).toEqual(['contentType']);
    const big = await stack.gql(
      START,
      { input: { kind: 'PROOF_OF_ADDRESS', contentType: 'application/pdf', size: 5_242_881 } },
      { token },
    );
    expect(big.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(big.errors![0].extensions.fields)).toEqual(['size']);
    expect((await verificationOf(token)).documents).toEqual([]);
  });

  it('needs a session: a guest is refused before the casino is asked', async () => {
    const res = await stack.gql(START, { input: { kind: 'IDENTITY', contentType: 'image/png', size: 10 } });
    expect(res.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.extensions.upstreamCalls).toEqual([]);
    const submit = await stack.gql(SUBMIT);
    expect(submit.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('submitting and the decision, live', () => {
  it('refuses a submission with a document missing, naming it (extensions.missing)', async () => {
    const { token } = await signUp(stack);
    expect(await upload(token, 'IDENTITY', TINY_PNG, 'image/png')).toBe(201);
    const res = await stack.gql(SUBMIT, {}, { token });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      missing: ['PROOF_OF_ADDRESS'],
    });
    expect(res.errors![0].message).toMatch(/^Upload your .+ first\.$/);
    expect((await verificationOf(token)).status).toBe('UNVERIFIED');
  });

  it('goes pending on submission, then verified by the back office, each change arriving as a VerificationEvent', async () => {
    const { token } = await signUp(stack);
    const client = liveClient(stack, token);
    try {
      const live = subscribe(client, EVENTS);
      // The catch-up's snapshot carries the verification as the screen shows it.
      const snapshot = await live.next((r) => r.data?.viewerEvents.name === 'snapshot');
      expect(snapshot.data.viewerEvents.viewer.verification).toEqual({
        status: 'UNVERIFIED',
        missing: ['IDENTITY', 'PROOF_OF_ADDRESS'],
      });

      expect(await upload(token, 'IDENTITY', TINY_PNG, 'image/png')).toBe(201);
      expect(await upload(token, 'PROOF_OF_ADDRESS', TINY_PDF, 'application/pdf')).toBe(201);
      const submitted = await stack.gql(SUBMIT, {}, { token });
      expect(submitted.errors).toBeUndefined();
      expect(submitted.data.submitVerification).toMatchObject({
        clientMutationId: 's1',
        verification: { status: 'PENDING', missing: [], submittedAt: expect.any(String) },
      });
      expect(submitted.data.submitVerification.verification.documents.map((d: any) => d.status)).toEqual([
        'IN_REVIEW',
        'IN_REVIEW',
      ]);
      const isStatus = (status: string) => (r: any) =>
        r.data?.viewerEvents.__typename === 'VerificationEvent' &&
        r.data.viewerEvents.verification.status === status;
      const pending = await live.next(isStatus('PENDING'));
      expect(pending.data.viewerEvents).toMatchObject({ name: 'verification' });

      await sandboxPost(stack, '/sandbox/verification', { status: 'verified' }, token);
      const verified = (await live.next(isStatus('VERIFIED'))).data.viewerEvents;
      expect(verified.verification.documents.map((d: any) => d.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
      // The wallet, selected from the event's viewer, no longer waits for the identity (the email still).
      expect(verified.viewer.wallet.withdrawLock).toBe('EMAIL_UNVERIFIED');
      live.stop();
    } finally {
      await client.dispose();
    }
  });

  it("passes on a rejection with the casino's reason, for the player to upload again", async () => {
    const { token } = await signUp(stack);
    expect(await upload(token, 'IDENTITY', TINY_PNG, 'image/png')).toBe(201);
    expect(await upload(token, 'PROOF_OF_ADDRESS', TINY_PDF, 'application/pdf')).toBe(201);
    expect((await stack.gql(SUBMIT, {}, { token })).errors).toBeUndefined();
    const reason = 'The proof of address is older than three months.';
    await sandboxPost(
      stack,
      '/sandbox/verification',
      { status: 'rejected', reason, kind: 'proof_of_address' },
      token,
    );
    const v = await verificationOf(token);
    expect(v).toMatchObject({ status: 'REJECTED', reason, missing: ['PROOF_OF_ADDRESS'] });
    expect(v.documents.find((d: any) => d.kind === 'PROOF_OF_ADDRESS')).toMatchObject({
      status: 'REJECTED',
      rejectionReason: reason,
    });
  });
});

describe('withdraw before verification', () => {
  it('is refused as VERIFICATION_REQUIRED with what is missing, as the schema names it, and the casino’s message', async () => {
    const { token } = await signUp(stack, 'Withdraws Early');
    await sandboxPost(stack, '/sandbox/verifyEmail', {}, token);
    await credit(stack, token, '500.00');
    await addPayoutAccount(stack, token, 'Withdraws Early');
    const lock = await stack.gql('{ viewer { wallet { canWithdraw withdrawLock } } }', {}, { token });
    expect(lock.data.viewer.wallet).toEqual({ canWithdraw: false, withdrawLock: 'VERIFICATION_REQUIRED' });

    const refused = await withdraw(token);
    expect(refused.data).toBeNull();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors![0].extensions).toEqual({
      code: 'VERIFICATION_REQUIRED',
      missing: ['IDENTITY', 'PROOF_OF_ADDRESS'],
      verificationStatus: 'UNVERIFIED',
    });
    expect(refused.errors![0].message).toMatch(/^Verify your identity before you withdraw: .*\(FICA\)/);
    // The rule is the casino's: the gateway asked it.
    expect(refused.extensions.upstreamCalls).toContain('POST /api/withdraw');

    expect(await upload(token, 'IDENTITY', TINY_PNG, 'image/png')).toBe(201);
    expect((await withdraw(token)).errors![0].extensions.missing).toEqual(['PROOF_OF_ADDRESS']);
    expect(await upload(token, 'PROOF_OF_ADDRESS', TINY_PDF, 'application/pdf')).toBe(201);
    expect((await stack.gql(SUBMIT, {}, { token })).errors).toBeUndefined();
    // In review: nothing missing, still refused.
    expect((await withdraw(token)).errors![0].extensions).toEqual({
      code: 'VERIFICATION_REQUIRED',
      missing: [],
      verificationStatus: 'PENDING',
    });

    await sandboxPost(stack, '/sandbox/verification', { status: 'verified' }, token);
    const paid = await withdraw(token);
    expect(paid.errors).toBeUndefined();
    expect(paid.data.withdraw.status).toBe('pending');
  });

  it('leaves deposits open', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(
      'mutation { deposit(input: { gateway: EFT, amount: "100.00", idempotencyKey: "kyp-deposit-1" }) { status } }',
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.deposit.status).toBe('PENDING');
  });
});
