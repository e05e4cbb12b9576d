import { useEffect, useRef, useState } from 'react';
import type { VerificationDocumentKind } from '../../__generated__/useStartVerificationUploadMutation.graphql';
import { errorMessage } from '../../shared/error-message';
import { MutationError, NETWORK_ERROR } from '../../shared/relay/useMutation';
import { putFile, type PutRequest } from './upload';
import { useStartVerificationUpload } from './useStartVerificationUpload';

/** An upload address this close to its end is not tried again: a new one is asked for. */
const EXPIRY_MARGIN_MS = 30_000;

/** Where one document's upload stands. The file stays with every state after it is chosen: a retry never asks again. */
export type Upload =
  | { state: 'idle' }
  | { state: 'starting'; file: File }
  | { state: 'uploading'; file: File; percent: number }
  /** The connection dropped or the casino failed: Retry sends the same file (to the same address while it lasts). */
  | { state: 'interrupted'; file: File }
  /** The casino refused the file (413, 415) or the upload (its message): another file is needed. */
  | { state: 'failed'; file: File; message: string }
  | { state: 'kept'; file: File };

interface Address {
  url: string;
  expiresAt: string;
}

/**
 * One document kind's upload (docs/rules.md#know-your-player): startVerificationUpload for an address, then the
 * file PUT there with its progress; `onKept` once the casino has it. A dropped connection or a casino failure
 * leaves the upload interrupted with the file kept: `retry` sends it again, to the same address if it has not
 * expired (the casino keeps an address usable until a file is kept there), else to a new one. Leaving the page
 * cancels an upload on its way.
 */
export function useDocumentUpload(kind: VerificationDocumentKind, onKept: () => void) {
  const [start] = useStartVerificationUpload();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const address = useRef<Address | null>(null);
  const request = useRef<PutRequest | null>(null);
  const kept = useRef(onKept);
  kept.current = onKept;

  useEffect(() => () => request.current?.abort(), []);

  /** PUTs the file to `to`; `fresh`: the address was just given (a 410 then is not worth a second address). */
  const put = async (file: File, to: Address, fresh: boolean): Promise<void> => {
    setUpload({ state: 'uploading', file, percent: 0 });
    const sending = putFile(to.url, file, (sent, total) =>
      setUpload({ state: 'uploading', file, percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
    );
    request.current = sending;
    const outcome = await sending.done;
    if (request.current !== sending) return;
    request.current = null;
    switch (outcome.kind) {
      case 'kept':
        address.current = null;
        setUpload({ state: 'kept', file });
        kept.current();
        return;
      case 'interrupted':
        setUpload({ state: 'interrupted', file });
        return;
      case 'expired':
        address.current = null;
        if (fresh)
          setUpload({ state: 'failed', file, message: 'The upload could not start. Please try again.' });
        else await begin(file);
        return;
      case 'refused':
        address.current = null;
        setUpload({ state: 'failed', file, message: refusal(outcome.status, outcome.message) });
        return;
      case 'aborted':
        setUpload({ state: 'idle' });
        return;
    }
  };

  /** Asks for a new address for `file`, then sends it there. */
  const begin = async (file: File): Promise<void> => {
    setUpload({ state: 'starting', file });
    try {
      const { startVerificationUpload: started } = await start({
        input: { kind, contentType: file.type, size: file.size },
      });
      address.current = { url: started.uploadUrl, expiresAt: started.expiresAt };
      await put(file, address.current, true);
    } catch (err) {
      if (err instanceof MutationError && err.code === NETWORK_ERROR)
        setUpload({ state: 'interrupted', file });
      else
        setUpload({
          state: 'failed',
          file,
          message: errorMessage(err, 'We could not start the upload. Please try again.'),
        });
    }
  };

  const retry = () => {
    if (upload.state !== 'interrupted') return;
    const to = address.current;
    if (to && new Date(to.expiresAt).getTime() - Date.now() > EXPIRY_MARGIN_MS)
      void put(upload.file, to, false);
    else void begin(upload.file);
  };

  return {
    upload,
    /** Uploads a newly chosen file (one the page has checked against the casino's limits). */
    send: (file: File) => {
      // One on its way is replaced: it ends as aborted, which no longer speaks for this upload.
      const previous = request.current;
      request.current = null;
      previous?.abort();
      address.current = null;
      void begin(file);
    },
    retry,
    cancel: () => request.current?.abort(),
  };
}

/** Why the casino refused a file, in its words when it gave some. */
function refusal(status: number, message: string | null): string {
  if (status === 413) return message ?? 'This file is larger than we can take. Choose a smaller one.';
  if (status === 415) return message ?? 'We could not read this file as a photo or a PDF. Choose another.';
  return message ?? 'The file was not accepted. Please try another.';
}
