/*
 * A verification document's bytes, sent straight from the browser to the casino's single-use upload address
 * (docs/rules.md#know-your-player): the gateway never holds a file. XMLHttpRequest rather than fetch, for the
 * upload's progress (fetch reports none of a request body's). The address is on the casino's own host: the site's
 * Content-Security-Policy allows connections there (web/server/security-headers.ts), and the service worker has no
 * route for a PUT (web/build/service-worker.ts: its routes are GETs), so the request goes to the network untouched.
 */

/** How a PUT to the upload address ended. */
export type PutOutcome =
  /** 201: the casino kept the file. */
  | { kind: 'kept' }
  /** The connection dropped, timed out, or the casino failed (5xx): the same address may be tried again. */
  | { kind: 'interrupted' }
  /** 410 or 404: the address was used or has expired; a new upload must start. */
  | { kind: 'expired' }
  /** 413, 415 or another refusal: the file will not do; `message` is the casino's when it gave one. */
  | { kind: 'refused'; status: number; message: string | null }
  /** The player cancelled it, or left the page. */
  | { kind: 'aborted' };

export interface PutRequest {
  /** Settles once, with how it ended: never rejects. */
  done: Promise<PutOutcome>;
  abort(): void;
}

/** The casino's `{error}` text from a refusal's body, if it sent one. */
function refusalMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error ? parsed.error : null;
  } catch {
    return null;
  }
}

/** PUTs `file` to `url` with its content type; `onProgress` hears the bytes sent as they go. */
export function putFile(
  url: string,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
): PutRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<PutOutcome>((resolve) => {
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const status = xhr.status;
      if (status >= 200 && status < 300) resolve({ kind: 'kept' });
      else if (status === 410 || status === 404) resolve({ kind: 'expired' });
      else if (status >= 500 || status === 0 || status === 408) resolve({ kind: 'interrupted' });
      else resolve({ kind: 'refused', status, message: refusalMessage(xhr.responseText) });
    };
    xhr.onerror = () => resolve({ kind: 'interrupted' });
    xhr.ontimeout = () => resolve({ kind: 'interrupted' });
    xhr.onabort = () => resolve({ kind: 'aborted' });
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
