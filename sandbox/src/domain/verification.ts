import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError, notFound } from '../http/errors.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { isoUtc } from './clock.js';
import { hashToken } from './tokens.js';

/*
 * FICA verification (docs/rules.md#know-your-player): before the casino pays a withdrawal it verifies who the player
 * is from two documents, an identity document and a proof of address. The player asks for an upload address per
 * document, sends the file's bytes straight to it (the gateway never holds a file), submits, and the back office
 * accepts or rejects. The files are kept in the database and never served back by any route.
 */

export const DOCUMENT_KINDS = ['identity', 'proof_of_address', 'bank_statement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** What a verification needs; a bank statement is optional. */
export const REQUIRED_KINDS = ['identity', 'proof_of_address'] as const satisfies readonly DocumentKind[];
export const CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** The largest file taken: 5 MB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** How long an upload address lasts. */
export const UPLOAD_ADDRESS_MS = 15 * 60_000;
export const REVIEW_TIME = 'within 24 hours';

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';
export type DocumentStatus = 'awaiting_upload' | 'uploaded' | 'in_review' | 'accepted' | 'rejected';

/** A document's kind as the casino's texts name it. */
const KIND_WORDS: Record<DocumentKind, string> = {
  identity: 'ID document',
  proof_of_address: 'proof of address',
  bank_statement: 'bank statement',
};

const listWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

interface VerificationRow {
  status: VerificationStatus;
  submitted_at: string | null;
  decided_at: string | null;
  reason: string | null;
}

interface DocumentRow {
  id: string;
  user_id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  content_type: ContentType;
  size: number;
  upload_expires_at: string;
  uploaded_at: string | null;
  rejection_reason: string | null;
  created_at: string;
}

/** The columns a document is read with: never its bytes. */
const DOCUMENT_COLUMNS = `id, user_id, kind, status, content_type, size, upload_expires_at, uploaded_at,
  rejection_reason, created_at`;

function verificationRow(db: Db, userId: number): VerificationRow {
  const row = db
    .prepare('SELECT status, submitted_at, decided_at, reason FROM verifications WHERE user_id = ?')
    .get(userId) as VerificationRow | undefined;
  return row ?? { status: 'unverified', submitted_at: null, decided_at: null, reason: null };
}

/**
 * The player's documents, newest first. An upload address that expired unused is left out: it can never become a
 * document.
 */
function documentRows(db: Db, userId: number, now: Date): DocumentRow[] {
  return db
    .prepare(
      `SELECT ${DOCUMENT_COLUMNS} FROM verification_documents
       WHERE user_id = ? AND (status <> 'awaiting_upload' OR upload_expires_at > ?)
       ORDER BY created_at DESC, rowid DESC`,
    )
    .all(userId, now.toISOString()) as DocumentRow[];
}

/** The required kinds with no document uploaded, in review or accepted (a rejected one does not count). */
function missingKinds(db: Db, userId: number): DocumentKind[] {
  const held = new Set(
    (
      db
        .prepare(
          `SELECT DISTINCT kind FROM verification_documents
           WHERE user_id = ? AND status IN ('uploaded', 'in_review', 'accepted')`,
        )
        .all(userId) as { kind: DocumentKind }[]
    ).map((r) => r.kind),
  );
  return REQUIRED_KINDS.filter((kind) => !held.has(kind));
}

function documentJson(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    rejection_reason: row.rejection_reason,
    content_type: row.content_type,
    size: row.size,
    uploaded_at: row.uploaded_at ? isoUtc(new Date(row.uploaded_at)) : null,
  };
}

/** GET /api/verification's `verification`, also the live event's. */
export function verificationJson(db: Db, userId: number, now: Date) {
  const row = verificationRow(db, userId);
  return {
    status: row.status,
    submitted_at: row.submitted_at ? isoUtc(new Date(row.submitted_at)) : null,
    decided_at: row.decided_at ? isoUtc(new Date(row.decided_at)) : null,
    reason: row.reason,
    review_time: REVIEW_TIME,
    max_file_bytes: MAX_FILE_BYTES,
    content_types: [...CONTENT_TYPES],
    missing: missingKinds(db, userId),
    documents: documentRows(db, userId, now).map(documentJson),
  };
}

/** Tells the player's live channel their verification changed, with the whole of it (as GET gives it). */
function publishVerification(ctx: SandboxContext, userId: number): void {
  ctx.realtime.publish(userChannel(userId), UserEvents.verification, {
    verification: verificationJson(ctx.db, userId, ctx.clock()),
  });
}

function setStatus(
  db: Db,
  userId: number,
  change: { status: VerificationStatus; reason?: string | null; submittedAt?: Date; decidedAt?: Date | null },
  now: Date,
): void {
  db.prepare(
    `INSERT INTO verifications (user_id, status, submitted_at, decided_at, reason, updated_at)
     VALUES (@userId, @status, @submittedAt, @decidedAt, @reason, @now)
     ON CONFLICT (user_id) DO UPDATE SET status = excluded.status,
       submitted_at = COALESCE(excluded.submitted_at, verifications.submitted_at),
       decided_at = excluded.decided_at, reason = excluded.reason, updated_at = excluded.updated_at`,
  ).run({
    userId,
    status: change.status,
    submittedAt: change.submittedAt?.toISOString() ?? null,
    decidedAt: change.decidedAt?.toISOString() ?? null,
    reason: change.reason ?? null,
    now: now.toISOString(),
  });
}

/** A pending or verified player has nothing to add or submit: 409. */
function assertOpen(status: VerificationStatus): void {
  if (status === 'pending') {
    throw new ApiError(409, `Your documents are being reviewed (usually ${REVIEW_TIME}).`, { status });
  }
  if (status === 'verified') throw new ApiError(409, 'Your account is already verified.', { status });
}

/**
 * POST /api/verification/documents: a document awaiting its file, and the single-use address (on the casino's own
 * host, good for 15 minutes) the file goes to. Only the token's hash is kept, as with session tokens.
 */
export function startDocument(
  ctx: SandboxContext,
  userId: number,
  input: { kind: DocumentKind; contentType: ContentType; size: number },
) {
  const { db } = ctx;
  const now = ctx.clock();
  const token = crypto.randomBytes(32).toString('base64url');
  const id = `doc_${crypto.randomBytes(9).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + UPLOAD_ADDRESS_MS);
  db.transaction(() => {
    assertOpen(verificationRow(db, userId).status);
    db.prepare(
      `INSERT INTO verification_documents (id, user_id, kind, status, content_type, size, upload_token_hash,
         upload_expires_at, created_at)
       VALUES (?, ?, ?, 'awaiting_upload', ?, ?, ?, ?, ?)`,
    ).run(
      id,
      userId,
      input.kind,
      input.contentType,
      input.size,
      hashToken(token),
      expiresAt.toISOString(),
      now.toISOString(),
    );
  })();
  const row = db
    .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM verification_documents WHERE id = ?`)
    .get(id) as DocumentRow;
  return {
    document: documentJson(row),
    upload_url: `${ctx.publicUrl()}/uploads/verification/${token}`,
    expires_at: isoUtc(expiresAt),
  };
}

/** The type a file's first bytes say it is (JPEG, PNG or PDF), or null: the declared type is not trusted. */
export function sniffContentType(bytes: Uint8Array): ContentType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  return null;
}

export const fileTooLarge = () =>
  new ApiError(413, 'The file is too large: at most 5 MB (5242880 bytes).', {
    max_file_bytes: MAX_FILE_BYTES,
  });

/**
 * PUT /uploads/verification/<token>: keeps the file for the document the address was handed out for. The token is
 * the capability (no bearer), so an unknown one is a 404 and a used or expired one a 410. A file over 5 MB or over
 * the size declared (413), or whose first bytes are not a JPEG, PNG or PDF (415), is not kept, and the address
 * stays usable for the right file.
 */
export function uploadDocument(ctx: SandboxContext, token: string, bytes: Buffer) {
  const { db } = ctx;
  const now = ctx.clock();
  const row = db.transaction(() => {
    const found = db
      .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM verification_documents WHERE upload_token_hash = ?`)
      .get(hashToken(token)) as DocumentRow | undefined;
    if (!found) throw notFound('Upload address');
    if (found.status !== 'awaiting_upload') {
      throw new ApiError(410, 'This upload address has been used: start the upload again.');
    }
    if (Date.parse(found.upload_expires_at) <= now.getTime()) {
      throw new ApiError(410, 'This upload address has expired: start the upload again.');
    }
    if (bytes.length > MAX_FILE_BYTES) throw fileTooLarge();
    if (bytes.length > found.size) {
      throw new ApiError(413, `The file is larger than the ${found.size} bytes declared for it.`);
    }
    const type = sniffContentType(bytes);
    if (!type)
      throw new ApiError(415, 'The file must be a JPEG, PNG or PDF.', { content_types: CONTENT_TYPES });
    db.prepare(
      `UPDATE verification_documents SET status = 'uploaded', content_type = ?, size = ?, bytes = ?, uploaded_at = ?
       WHERE id = ?`,
    ).run(type, bytes.length, bytes, now.toISOString(), found.id);
    return {
      ...found,
      status: 'uploaded' as const,
      content_type: type,
      size: bytes.length,
      uploaded_at: now.toISOString(),
    };
  })();
  publishVerification(ctx, row.user_id);
  return { document: documentJson(row) };
}

/** POST /api/verification/submit: the uploaded documents go to review and the player waits (pending). */
export function submitVerification(ctx: SandboxContext, userId: number) {
  const { db } = ctx;
  const now = ctx.clock();
  db.transaction(() => {
    assertOpen(verificationRow(db, userId).status);
    const missing = missingKinds(db, userId);
    if (missing.length) {
      throw new ApiError(422, `Upload your ${listWords(missing.map((k) => KIND_WORDS[k]))} first.`, {
        missing,
      });
    }
    db.prepare(
      "UPDATE verification_documents SET status = 'in_review' WHERE user_id = ? AND status = 'uploaded'",
    ).run(userId);
    setStatus(db, userId, { status: 'pending', submittedAt: now, decidedAt: null }, now);
  })();
  publishVerification(ctx, userId);
  return { verification: verificationJson(db, userId, now) };
}

/**
 * The back office's decision (POST /sandbox/verification). Verified: every document in review (or uploaded, not yet
 * submitted) accepted. Rejected, with the reason the player reads: the documents in review (of `kind` only, when
 * given) rejected with it; the player uploads again and submits again.
 */
export function decideVerification(
  ctx: SandboxContext,
  userId: number,
  decision: { status: 'verified' } | { status: 'rejected'; reason: string; kind?: DocumentKind | undefined },
) {
  const { db } = ctx;
  const now = ctx.clock();
  db.transaction(() => {
    if (decision.status === 'verified') {
      db.prepare(
        `UPDATE verification_documents SET status = 'accepted', rejection_reason = NULL
         WHERE user_id = ? AND status IN ('in_review', 'uploaded')`,
      ).run(userId);
      setStatus(db, userId, { status: 'verified', decidedAt: now }, now);
    } else {
      db.prepare(
        `UPDATE verification_documents SET status = 'rejected', rejection_reason = @reason
         WHERE user_id = @userId AND status = 'in_review' AND (@kind IS NULL OR kind = @kind)`,
      ).run({ userId, reason: decision.reason, kind: decision.kind ?? null });
      setStatus(db, userId, { status: 'rejected', reason: decision.reason, decidedAt: now }, now);
    }
  })();
  publishVerification(ctx, userId);
  return { verification: verificationJson(db, userId, now) };
}

/** Whether the player is verified (a withdrawal waits for it: wallet.ts withdrawLock). */
export const isVerified = (db: Db, userId: number): boolean =>
  verificationRow(db, userId).status === 'verified';

/**
 * POST /api/withdraw's refusal of a player not verified: 403 with what is still missing (FICA), so the site can say
 * what to upload.
 */
export function verificationRequired(db: Db, userId: number): ApiError {
  const { status } = verificationRow(db, userId);
  const missing = missingKinds(db, userId);
  const need = missing.length
    ? `we need your ${listWords(missing.map((k) => KIND_WORDS[k]))} (FICA).`
    : status === 'pending'
      ? `we are reviewing your documents (FICA), usually ${REVIEW_TIME}.`
      : 'submit your documents for review (FICA).';
  return new ApiError(403, `Verify your identity before you withdraw: ${need}`, {
    code: 'verification_required',
    missing,
    verification_status: status,
  });
}

/** Seeds a verified player: each required document accepted, with `files` as its bytes (seed/players.ts). */
export function seedVerified(
  db: Db,
  userId: number,
  files: Record<'identity' | 'proof_of_address', Buffer>,
  at: Date,
) {
  for (const kind of REQUIRED_KINDS) {
    const bytes = files[kind];
    db.prepare(
      `INSERT INTO verification_documents (id, user_id, kind, status, content_type, size, bytes, upload_token_hash,
         upload_expires_at, uploaded_at, created_at)
       VALUES (?, ?, ?, 'accepted', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      `doc_seed_${kind}`,
      userId,
      kind,
      sniffContentType(bytes),
      bytes.length,
      bytes,
      hashToken(crypto.randomBytes(32).toString('base64url')),
      at.toISOString(),
      at.toISOString(),
      at.toISOString(),
    );
  }
  setStatus(db, userId, { status: 'verified', submittedAt: at, decidedAt: at }, at);
}
