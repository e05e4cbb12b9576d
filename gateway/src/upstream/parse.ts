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
