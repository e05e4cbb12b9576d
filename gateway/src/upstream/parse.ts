import { z } from 'zod';
import { upstreamUnavailable } from '../errors.js';

/**
 * Validates an upstream response against its schema once, at the edge. A response of the wrong shape means the
 * backend is not the one we know: the field fails as UPSTREAM_UNAVAILABLE rather than passing bad data on.
 */
export function parseUpstream<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    console.warn(`upstream response for ${what} did not match: ${result.error.issues[0]?.message ?? ''}`);
    throw upstreamUnavailable();
  }
  return result.data;
}

/**
 * A check whose results are kept by the response text they came from (up to `max` texts, the oldest forgotten first):
 * the same text always parses to the same JSON and passes or fails the same schema, so a response seen before (a
 * player's wallet, asked again on every screen until the balance changes) is not parsed and checked again. Only
 * values are kept, never failures: a text that failed is checked again each time. A kept value is frozen, as every
 * request that reads the same text gets the same object.
 *
 * What it earns (the gateway bench's CPU check: persisted wallet queries, one process beside another without it, in
 * alternating rounds of 1,000): 0.740 → 0.555 and 0.600 → 0.450 ms of CPU a query (−25 %, lower in 11 of 12 rounds
 * both times). JSON.parse and zod's check of the wallet were a tenth of the main thread's time in a profile, and
 * more of the process's: their garbage is collected on other threads too.
 */
export interface KeptParser<T> {
  (raw: unknown): T;
  /** The value this text parsed to before, if kept. */
  kept(text: string): T | undefined;
  keep(text: string, value: T): void;
}

export function keptByText<T>(parse: (raw: unknown) => T, max = 1000): KeptParser<T> {
  const byText = new Map<string, T>();
  return Object.assign((raw: unknown) => parse(raw), {
    kept: (text: string) => byText.get(text),
    keep(text: string, value: T) {
      if (byText.size >= max) byText.delete(byText.keys().next().value!);
      byText.set(text, deepFreeze(value));
    },
  });
}

/** Freezes a parsed value and everything in it (plain objects and arrays; a Date is frozen too). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Rand strings or numbers ("150.00", 150) to integer cents, exactly. */
export const randCents = z.union([z.string(), z.number()]).transform((value, c) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) {
    c.addIssue({ code: 'custom', message: `not an amount: ${value}` });
    return z.NEVER;
  }
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
});

/** A date and time with no offset or Z, as Laravel often sends them ("2026-11-22 10:00:00"). */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/;

/**
 * An instant from the backend. One without an offset is Johannesburg time (UTC+2, no daylight saving:
 * docs/rules.md#audience-and-time), never the gateway host's own zone; a date alone is midnight there.
 */
export const isoDate = z.string().transform((value, c) => {
  const local = LOCAL_TIME.exec(value.trim()) ?? /^(\d{4}-\d{2}-\d{2})()$/.exec(value.trim());
  const date = new Date(local ? `${local[1]}T${local[2] || '00:00'}+02:00` : value);
  if (Number.isNaN(date.getTime())) {
    c.addIssue({ code: 'custom', message: `not a date: ${value}` });
    return z.NEVER;
  }
  return date;
});

/** Text the backend sends as "" or nothing for "none": null then, trimmed otherwise. */
export const optionalText = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value?.trim() ? value : null));
