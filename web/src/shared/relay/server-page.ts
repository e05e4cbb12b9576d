import type { RecordSource } from 'relay-runtime';

type RecordMap = NonNullable<ConstructorParameters<typeof RecordSource>[0]>;

/** What a server-rendered page carries for the app (web/src/entry-server.tsx): its Relay records and when it was made. */
export interface ServerPage {
  records: RecordMap;
  now: number;
  /** The page was rendered in low-data mode (shared/low-data/low-data.ts). */
  lowData: boolean;
  /** The browser sent `Save-Data: on` for it. */
  saveData: boolean;
}

let read: ServerPage | null | undefined;

/**
 * The server's records in this page (`<script type="application/json" id="relay-records">`), read once; null when
 * the page is the client shell (docs/architecture.md#server-rendering).
 */
export function serverPage(): ServerPage | null {
  if (read !== undefined) return read;
  read = null;
  const text = typeof document === 'undefined' ? null : document.getElementById('relay-records')?.textContent;
  if (!text) return read;
  try {
    const page = JSON.parse(text) as Partial<ServerPage> | null;
    if (page && typeof page.records === 'object' && page.records && typeof page.now === 'number') {
      read = {
        records: page.records,
        now: page.now,
        lowData: page.lowData === true,
        saveData: page.saveData === true,
      };
    }
  } catch {
    // Not the server's JSON: the app loads its data itself.
  }
  return read;
}
