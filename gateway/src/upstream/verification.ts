import { z } from 'zod';
import type {
  VerificationDocumentKindName,
  VerificationDocumentModel,
  VerificationDocumentStatusName,
  VerificationModel,
  VerificationStatusName,
} from '../models.js';
import { fieldErrors } from './client.js';
import { isoDate, optionalText, parseUpstream } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * Know your player (docs/rules.md#know-your-player): the player's FICA verification at the casino
 * (GET /api/verification), starting a document's upload (POST /api/verification/documents), sending the documents
 * for review (POST /api/verification/submit), and the identity check a registration form makes as the player types
 * (POST /api/identity/check, public).
 *
 * The gateway never holds a document: the casino answers a started upload with a single-use address on its own host,
 * and the browser PUTs the file there. That address carries a capability (its token), and an identity number is
 * personal: neither goes into an upstream path, a log line or an error message; both travel in bodies only.
 *
 * Caching: none. The verification is personal (upstream.read: once per execution, never shared); the rest are
 * changes, or a check that must not be kept (upstream.write).
 */

// ---------------------------------------------------------------------------------------------------------------
// Shapes

const STATUSES: readonly VerificationStatusName[] = ['unverified', 'pending', 'verified', 'rejected'];
const KINDS: readonly VerificationDocumentKindName[] = ['identity', 'proof_of_address', 'bank_statement'];
const DOCUMENT_STATUSES: readonly VerificationDocumentStatusName[] = [
  'awaiting_upload',
  'uploaded',
  'in_review',
  'accepted',
  'rejected',
];

const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);
const Kind = oneOf(KINDS);

const DocumentJson = z.object({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  kind: Kind,
  status: oneOf(DOCUMENT_STATUSES),
  rejection_reason: optionalText,
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  uploaded_at: isoDate.nullable().optional(),
});

const VerificationJson = z.object({
  status: oneOf(STATUSES),
  submitted_at: isoDate.nullable().optional(),
  decided_at: isoDate.nullable().optional(),
  reason: optionalText,
  review_time: z.string(),
  max_file_bytes: z.number().int().positive(),
  content_types: z.array(z.string()),
  missing: z.array(Kind),
  documents: z.array(DocumentJson),
});

const toDocument = (d: z.infer<typeof DocumentJson>): VerificationDocumentModel => ({
  __typename: 'VerificationDocument',
  documentId: d.id,
  kind: d.kind,
  status: d.status,
  rejectionReason: d.rejection_reason,
  contentType: d.content_type,
  size: d.size,
  uploadedAt: d.uploaded_at ?? null,
});

const toVerification = (v: z.infer<typeof VerificationJson>): VerificationModel => ({
  __typename: 'Verification',
  status: v.status,
  documents: v.documents.map(toDocument),
  missing: v.missing,
  submittedAt: v.submitted_at ?? null,
  decidedAt: v.decided_at ?? null,
  reason: v.reason,
  reviewTime: v.review_time,
  maxFileBytes: v.max_file_bytes,
  contentTypes: v.content_types,
});

const OneJson = z.object({ verification: VerificationJson });
const parseOne = (raw: unknown) => toVerification(parseUpstream(OneJson, raw, 'verification').verification);

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** GET /api/verification: the player's verification as it stands, documents newest first. */
export const loadVerification = (upstream: RequestUpstream): Promise<VerificationModel> =>
  upstream.read('/api/verification', parseOne);

/** The live channel's `verification` event ({verification}, as GET answers it); null when it is not one we know. */
export function parseVerificationEvent(data: unknown): VerificationModel | null {
  const parsed = OneJson.safeParse(data);
  return parsed.success ? toVerification(parsed.data.verification) : null;
}

const StartedJson = z.object({
  document: DocumentJson,
  // Passed on as it is (the browser PUTs the file there); only checked to be a web address.
  upload_url: z.url({ protocol: /^https?$/ }),
  expires_at: isoDate,
});

export interface StartedUpload {
  document: VerificationDocumentModel;
  uploadUrl: string;
  expiresAt: Date;
}

/**
 * POST /api/verification/documents {kind, content_type, size}: the casino keeps a document AWAITING_UPLOAD and answers
 * with the single-use address the file goes to. It refuses (422, naming kind, contentType or size) a type other than
 * JPEG, PNG or PDF and a size over its maximum, and (409) any upload while the documents are being reviewed.
 */
export async function startUpload(
  upstream: RequestUpstream,
  upload: { kind: VerificationDocumentKindName; contentType: string; size: number },
): Promise<StartedUpload> {
  const raw = await upstream.write({
    method: 'POST',
    path: '/api/verification/documents',
    json: { kind: upload.kind, content_type: upload.contentType, size: upload.size },
  });
  const started = parseUpstream(StartedJson, raw, 'verification upload');
  return {
    document: toDocument(started.document),
    uploadUrl: started.upload_url,
    expiresAt: started.expires_at,
  };
}

/**
 * POST /api/verification/submit: the uploaded documents go for review (PENDING). Refused (422 {missing}, passed on as
 * BAD_USER_INPUT with extensions.missing by client.ts) while a required kind is missing; 409 once pending or verified.
 */
export async function submitVerification(upstream: RequestUpstream): Promise<VerificationModel> {
  return parseOne(await upstream.write({ method: 'POST', path: '/api/verification/submit', json: {} }));
}

const CheckJson = z.object({
  valid: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  date_of_birth: z.string().nullable().optional(),
});

export interface IdentityCheck {
  valid: boolean;
  /** Per field of RegisterInput (idNumber, dateOfBirth, passportCountry), each with its messages. */
  fieldErrors: { field: string; message: string }[];
  /** The birth date a valid South African ID number holds (yyyy-MM-dd); null otherwise. */
  dateOfBirth: string | null;
}

/**
 * POST /api/identity/check {id_number, date_of_birth?, passport_country?}: registration's identity rules (format,
 * check digit, birth date, age) without registering, and without saying whether the identity is registered. Public;
 * a POST so the number never appears in an address (and so in no access log).
 */
export async function checkIdentity(
  upstream: RequestUpstream,
  identity: { idNumber: string; dateOfBirth?: string | null; passportCountry?: string | null },
): Promise<IdentityCheck> {
  const raw = await upstream.write({
    method: 'POST',
    path: '/api/identity/check',
    json: {
      id_number: identity.idNumber,
      ...(identity.dateOfBirth ? { date_of_birth: identity.dateOfBirth } : {}),
      ...(identity.passportCountry ? { passport_country: identity.passportCountry } : {}),
    },
  });
  const check = parseUpstream(CheckJson, raw, 'identity check');
  // The casino's field names (id_number) as the input's (idNumber), as its 422s are named (client.ts).
  const byField = fieldErrors({ errors: check.errors ?? {} }) ?? {};
  return {
    valid: check.valid,
    fieldErrors: Object.entries(byField).flatMap(([field, messages]) =>
      messages.map((message) => ({ field, message })),
    ),
    dateOfBirth: check.date_of_birth || null,
  };
}
