import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LayoutContext } from '../../shared/layout-context';
import { renderWithRelay } from '../../test-relay';
import { Component as VerificationPage } from './VerificationPage';

/*
 * The FICA verification page (docs/rules.md#know-your-player) as a player meets it: where they stand and each
 * document's status, a file the casino's limits refuse refused before anything is sent, an upload's progress, and
 * an upload the connection dropped sent again with the same file. The casino's upload address is faked at the
 * browser's edge (XMLHttpRequest); the gateway by Relay's mock environment.
 */

/** A fake XMLHttpRequest: each one sent is kept, for the test to move its upload on and answer it. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  async answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    await act(async () => this.onload?.());
  }
  async drop() {
    await act(async () => this.onerror?.());
  }
}

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => vi.unstubAllGlobals());

const LIMITS = { maxFileBytes: 4096, contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] };

function openPage(verification: Record<string, unknown>) {
  const environment = renderWithRelay(
    <LayoutContext.Provider value={{ signedIn: true, alternateRoutes: false, promotionPages: [] }}>
      <VerificationPage />
    </LayoutContext.Provider>,
    {
      Viewer: () => ({ id: 'viewer-1' }),
      Verification: () => ({
        reviewTime: 'within 24 hours',
        submittedAt: null,
        decidedAt: null,
        reason: null,
        documents: [],
        ...LIMITS,
        ...verification,
      }),
    },
    { at: '/account/verification' },
  );
  const pending = (name: string) =>
    environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);
  /** Answers the upload's start with the casino's address. */
  const startUpload = async (
    uploadUrl: string,
    expiresAt = new Date(Date.now() + 15 * 60_000).toISOString(),
  ) => {
    const start = await waitFor(() => {
      const [op] = pending('useStartVerificationUploadMutation');
      expect(op).toBeTruthy();
      return op!;
    });
    await act(async () =>
      environment.mock.resolve(start, {
        data: {
          startVerificationUpload: {
            document: {
              id: `doc-${uploadUrl}`,
              kind: start.request.variables.input.kind,
              status: 'AWAITING_UPLOAD',
            },
            uploadUrl,
            expiresAt,
          },
        },
      }),
    );
    return start;
  };
  return { environment, pending, startUpload };
}

const jpeg = (bytes: number, name = 'id.jpg') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const card = (title: string) => screen.getByRole('region', { name: title });

describe('the verification page', () => {
  it('says where the player stands, and each document with its status and a rejection’s reason', async () => {
    openPage({
      status: 'REJECTED',
      reason: 'Your proof of address is older than three months.',
      missing: ['PROOF_OF_ADDRESS'],
      documents: [
        {
          id: 'd2',
          kind: 'PROOF_OF_ADDRESS',
          status: 'REJECTED',
          rejectionReason: 'The statement is from 2025-01; we need one from the last three months.',
          contentType: 'application/pdf',
          size: 1_572_864,
          uploadedAt: '2026-05-01T08:15:00.000Z',
        },
        {
          id: 'd1',
          kind: 'IDENTITY',
          status: 'ACCEPTED',
          rejectionReason: null,
          contentType: 'image/jpeg',
          size: 2048,
          uploadedAt: '2026-05-01T08:10:00.000Z',
        },
      ],
    });
    const status = await screen.findByRole('status', { name: 'Your verification' });
    expect(status.textContent).toContain('We could not verify your account');
    expect(status.textContent).toContain('Your proof of address is older than three months.');
    expect(within(card('Identity document')).getByText('Accepted')).toBeTruthy();
    const address = card('Proof of address');
    expect(within(address).getByText('Not accepted')).toBeTruthy();
    expect(address.textContent).toContain('we need one from the last three months');
    expect(address.textContent).toContain('PDF · 1.5 MB · 2026-05-01 10:15');
    expect(within(address).getByRole('button', { name: 'Upload again' })).toBeTruthy();
    // Nothing to upload for an accepted document; the optional kind may still be given.
    expect(within(card('Identity document')).queryByRole('button', { name: 'Choose a file' })).toBeNull();
    expect(
      within(card('Bank statement (optional)')).getByRole('button', { name: 'Choose a file' }),
    ).toBeTruthy();
    expect(screen.getByText('Still needed: a proof of address.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toHaveProperty('disabled', true);
  });

  it('offers no upload while the documents are in review, and says how long it takes', async () => {
    openPage({ status: 'PENDING', submittedAt: '2026-05-01T08:20:00.000Z', missing: [] });
    const status = await screen.findByRole('status', { name: 'Your verification' });
    expect(status.textContent).toContain('We are checking your documents');
    expect(status.textContent).toContain(
      'Submitted 2026-05-01 10:20. We usually review documents within 24 hours.',
    );
    expect(screen.queryByRole('button', { name: 'Choose a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it("refuses a file over the casino's size, or of a type it does not take, before anything is sent", async () => {
    const { pending } = openPage({ status: 'UNVERIFIED', missing: ['IDENTITY', 'PROOF_OF_ADDRESS'] });
    await screen.findByRole('status', { name: 'Your verification' });
    choose('Choose a file of your identity document', jpeg(LIMITS.maxFileBytes + 1));
    expect(within(card('Identity document')).getByRole('alert').textContent).toMatch(
      /^This file is 4 KB: the largest we can take is 4 KB/,
    );
    choose('Choose a file of your identity document', new File(['GIF89a'], 'id.gif', { type: 'image/gif' }));
    expect(within(card('Identity document')).getByRole('alert').textContent).toMatch(
      /^We can only take a JPEG, PNG or PDF file/,
    );
    expect(pending('useStartVerificationUploadMutation')).toHaveLength(0);
    expect(FakeRequest.sent).toHaveLength(0);
  });

  it('uploads straight to the casino with its progress, then reads the verification again', async () => {
    const { pending, startUpload } = openPage({
      status: 'UNVERIFIED',
      missing: ['IDENTITY', 'PROOF_OF_ADDRESS'],
    });
    await screen.findByRole('status', { name: 'Your verification' });
    const file = jpeg(2000);
    choose('Choose a file of your identity document', file);
    const start = await startUpload('https://casino.example/uploads/verification/token-1');
    expect(start.request.variables.input).toEqual({
      kind: 'IDENTITY',
      contentType: 'image/jpeg',
      size: 2000,
    });
    const [put] = FakeRequest.sent;
    expect(put).toMatchObject({
      method: 'PUT',
      url: 'https://casino.example/uploads/verification/token-1',
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(put!.body).toBe(file);
    put!.progress(1000, 2000);
    const bar = screen.getByRole('progressbar', { name: 'Uploading your identity document' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(card('Identity document').textContent).toContain('50%');
    await put!.answer(201, '{"document":{"status":"uploaded"}}');
    expect(within(card('Identity document')).getByRole('status').textContent).toBe('id.jpg uploaded.');
    expect(pending('VerificationPageQuery')).toHaveLength(1);
  });

  it('keeps the file when the connection drops: Retry sends it again to the same address', async () => {
    const { pending, startUpload } = openPage({
      status: 'UNVERIFIED',
      missing: ['IDENTITY', 'PROOF_OF_ADDRESS'],
    });
    await screen.findByRole('status', { name: 'Your verification' });
    const file = jpeg(3000, 'proof.jpg');
    choose('Choose a file of your proof of address', file);
    await startUpload('https://casino.example/uploads/verification/token-2');
    FakeRequest.sent[0]!.progress(1500, 3000);
    await FakeRequest.sent[0]!.drop();
    const address = card('Proof of address');
    expect(within(address).getByRole('alert').textContent).toContain('Upload interrupted.');
    expect(within(address).queryByRole('progressbar')).toBeNull();

    fireEvent.click(within(address).getByRole('button', { name: 'Retry' }));
    // No new address was asked for, and the player was not asked to pick the file again.
    expect(pending('useStartVerificationUploadMutation')).toHaveLength(0);
    const again = FakeRequest.sent[1]!;
    expect(again.url).toBe('https://casino.example/uploads/verification/token-2');
    expect(again.body).toBe(file);
    // The casino failing is an interruption too.
    await again.answer(503);
    fireEvent.click(within(address).getByRole('button', { name: 'Retry' }));
    await FakeRequest.sent[2]!.answer(201);
    expect(within(address).getByRole('status').textContent).toBe('proof.jpg uploaded.');
  });

  it('asks for a new address when the old one has expired, still with the same file', async () => {
    const { startUpload } = openPage({ status: 'UNVERIFIED', missing: ['IDENTITY'] });
    await screen.findByRole('status', { name: 'Your verification' });
    const file = jpeg(1000);
    choose('Choose a file of your identity document', file);
    await startUpload(
      'https://casino.example/uploads/verification/old',
      new Date(Date.now() + 1000).toISOString(),
    );
    await FakeRequest.sent[0]!.drop();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await startUpload('https://casino.example/uploads/verification/new');
    expect(FakeRequest.sent[1]!.url).toBe('https://casino.example/uploads/verification/new');
    expect(FakeRequest.sent[1]!.body).toBe(file);
  });

  it("shows the casino's refusal of a file it read (415)", async () => {
    const { startUpload } = openPage({ status: 'UNVERIFIED', missing: ['IDENTITY'] });
    await screen.findByRole('status', { name: 'Your verification' });
    choose('Choose a file of your identity document', jpeg(1000, 'renamed.jpg'));
    await startUpload('https://casino.example/uploads/verification/token-3');
    await FakeRequest.sent[0]!.answer(415, '{"error":"The file is not a JPEG, PNG or PDF."}');
    const identity = card('Identity document');
    expect(within(identity).getByRole('alert').textContent).toBe('The file is not a JPEG, PNG or PDF.');
    expect(within(identity).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(identity).getByRole('button', { name: 'Choose a file' })).toHaveProperty('disabled', false);
  });

  it('submits for review once nothing is missing', async () => {
    const { environment, pending } = openPage({
      status: 'UNVERIFIED',
      missing: [],
      documents: [
        {
          id: 'd1',
          kind: 'IDENTITY',
          status: 'UPLOADED',
          rejectionReason: null,
          contentType: 'image/png',
          size: 2048,
          uploadedAt: '2026-05-01T08:10:00.000Z',
        },
      ],
    });
    await screen.findByRole('status', { name: 'Your verification' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    const [submit] = pending('useSubmitVerificationMutation');
    await act(async () =>
      environment.mock.resolve(
        submit!,
        MockPayloadGenerator.generate(submit!, {
          Verification: () => ({
            status: 'PENDING',
            submittedAt: '2026-05-01T08:20:00.000Z',
            reviewTime: 'within 24 hours',
            missing: [],
            documents: [],
            ...LIMITS,
          }),
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Your verification' }).textContent).toContain(
        'We are checking your documents',
      ),
    );
  });
});
