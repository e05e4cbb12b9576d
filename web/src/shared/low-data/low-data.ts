import { useSyncExternalStore } from 'react';
import { renderContext } from '../render-context';
import { serverPage } from '../relay/server-page';
import { LOW_DATA_KEY } from './low-data-key';

/*
 * Low-data mode (docs/architecture.md#low-data-mode): smaller art, no autoplaying video, nothing fetched ahead. On when
 * the player chose it (the footer's and the account menu's switch), else when the browser asks to save data: its
 * Save-Data header (which the server saw, and the page says so) or navigator.connection.saveData. The player's choice
 * wins either way, so a player whose browser saves data can still ask for the full art.
 *
 * The choice is kept in local storage and mirrored in a cookie of the same name, so the server renders the page the
 * player chose (web/server/low-data.ts) and the hydrating render agrees with it: that render reads the server's
 * decision (its records' `lowData`), and the browser's own signals take over after it.
 */

type Choice = 'on' | 'off';
const YEAR_S = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function storedChoice(): Choice | null {
  try {
    const value = window.localStorage.getItem(LOW_DATA_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return pageChoice;
  }
}
/** Storage refused: the choice lives as long as the page. */
let pageChoice: Choice | null = null;

interface SavingConnection extends EventTarget {
  saveData?: boolean;
}
const connection = (): SavingConnection | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as { connection?: SavingConnection }).connection;

/** Whether the browser asks to save data: its setting, or the Save-Data header the server saw for this page. */
const browserSavesData = () => connection()?.saveData === true || serverPage()?.saveData === true;

/** Whether low-data mode is on now, in the browser. */
export function lowData(): boolean {
  if (typeof window === 'undefined') return renderContext()?.lowData ?? false;
  const choice = storedChoice();
  return choice ? choice === 'on' : browserSavesData();
}

/** What the server rendered with: its render's decision (the server), or the page's records (the hydrating render). */
const renderedLowData = () => renderContext()?.lowData ?? serverPage()?.lowData ?? false;

/** The player's choice, kept for the next visits and told to the server by its cookie. */
export function chooseLowData(on: boolean): void {
  const value: Choice = on ? 'on' : 'off';
  try {
    window.localStorage.setItem(LOW_DATA_KEY, value);
  } catch {
    pageChoice = value;
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOW_DATA_KEY}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
  changed();
}

/** The browser's signals are listened to once, for every subscriber: a screen's many pictures each subscribe. */
let listening = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening) {
    listening = true;
    window.addEventListener('storage', (event) => {
      if (event.key === LOW_DATA_KEY || event.key === null) changed();
    });
    connection()?.addEventListener('change', changed);
  }
  return () => listeners.delete(listener);
}

/** Low-data mode, rendered again when it changes (a hook); the server's decision while a page hydrates. */
export const useLowData = (): boolean => useSyncExternalStore(subscribe, lowData, renderedLowData);
