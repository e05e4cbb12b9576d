import { REALITY_CHECK_KEY } from '../../shared/storage';
import { useEffect, useState } from 'react';

/*
 * The reality check: during real-money play, a reminder every so often of how long the session has lasted, with
 * Continue and Stop playing. The interval is the player's choice, kept in the browser.
 */
const KEY = REALITY_CHECK_KEY;
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

export function realityCheckMinutes(): number {
  try {
    const stored = Number(window.localStorage.getItem(KEY));
    return (REALITY_CHECK_CHOICES as readonly number[]).includes(stored)
      ? stored
      : DEFAULT_REALITY_CHECK_MINUTES;
  } catch {
    return DEFAULT_REALITY_CHECK_MINUTES;
  }
}

export function saveRealityCheckMinutes(minutes: number): void {
  try {
    window.localStorage.setItem(KEY, String(minutes));
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}

/** Minutes played since `startedAt` whenever a reminder is due (null between reminders); `dismiss` continues. */
export function useRealityCheck(active: boolean, minutes: number) {
  const [startedAt] = useState(() => Date.now());
  const [due, setDue] = useState<number | null>(null);
  useEffect(() => {
    if (!active || due !== null) return;
    const timer = window.setTimeout(
      () => setDue(Math.round((Date.now() - startedAt) / 60_000)),
      minutes * 60_000,
    );
    return () => window.clearTimeout(timer);
  }, [active, minutes, due, startedAt]);
  return { playedMinutes: due, dismiss: () => setDue(null) };
}
