import type { IncomingHttpHeaders } from 'node:http';
import { LOW_DATA_KEY } from '../src/shared/low-data/low-data-key.js';

/** The player's low-data choice as its cookie carries it (web/src/shared/low-data/low-data.ts). */
const CHOICE = new RegExp(`(?:^|;\\s*)${LOW_DATA_KEY}=(on|off)(?:;|$)`);

/**
 * Whether a page is rendered in low-data mode (docs/architecture.md#low-data-mode): the player's choice when they made
 * one, else the browser's `Save-Data: on`. Pages vary on both (Vary: Cookie, Save-Data), so a cache in between
 * never hands one player's art sizes to another.
 */
export function lowDataOf(headers: IncomingHttpHeaders): { lowData: boolean; saveData: boolean } {
  const saveData =
    String(headers['save-data'] ?? '')
      .trim()
      .toLowerCase() === 'on';
  const choice = CHOICE.exec(headers.cookie ?? '')?.[1];
  return { lowData: choice ? choice === 'on' : saveData, saveData };
}
