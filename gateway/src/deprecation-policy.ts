/**
 * The deprecation policy (docs/partners.md#deprecation-policy), in one place for `npm run schema:check` and the
 * usage report: a field, argument, input field or enum value is removed only after it has been `@deprecated` for at
 * least DEPRECATION_DAYS days, and its reason names the replacement and the earliest removal date, in the words
 * `removalReason` writes:
 *
 *   @deprecated(reason: "Use `liveChat.enabled`. Removal on or after 2027-02-01.")
 *
 * The date is what the check reads: a new deprecation must set it at least DEPRECATION_DAYS days ahead, and a removal
 * is refused before it, so a partner always has that long between seeing the deprecation and losing the field.
 */
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';

export const DEPRECATION_DAYS = 30;

/** "Removal on or after YYYY-MM-DD." anywhere in a reason. */
const REMOVAL_DATE = /Removal on or after (\d{4}-\d{2}-\d{2})\./;

/** A reason in the convention: the replacement, then the earliest removal date (YYYY-MM-DD). */
export function removalReason(replacement: string, removalOn: string): string {
  return `Use ${replacement}. Removal on or after ${removalOn}.`;
}

/** The earliest removal date a deprecation reason names, or null when it names none (or an impossible date). */
export function removalDate(reason: string | null | undefined): string | null {
  const date = reason?.match(REMOVAL_DATE)?.[1];
  return date && isCalendarDate(date) ? date : null;
}

/** Whether `text` is a real YYYY-MM-DD date (2027-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The earliest removal date a deprecation made on `today` may name. */
export const earliestRemovalDate = (today: string) => addDays(today, DEPRECATION_DAYS);

/**
 * Every coordinate of the schema that can be deprecated, with its deprecation reason (null when it is not), named as
 * the usage export names coordinates (gateway/src/usage/export-format.ts): `Type.field`, `Type.field(arg:)`,
 * `Input.field`, `Enum.VALUE`.
 */
export function schemaCoordinates(schema: GraphQLSchema): Map<string, string | null> {
  const coordinates = new Map<string, string | null>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        coordinates.set(`${type.name}.${field.name}`, field.deprecationReason ?? null);
        for (const arg of field.args) {
          coordinates.set(`${type.name}.${field.name}(${arg.name}:)`, arg.deprecationReason ?? null);
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        coordinates.set(`${type.name}.${field.name}`, field.deprecationReason ?? null);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        coordinates.set(`${type.name}.${value.name}`, value.deprecationReason ?? null);
      }
    }
  }
  return coordinates;
}

/** Every deprecated coordinate of the schema with its reason, named as schemaCoordinates names them. */
export function deprecatedCoordinates(schema: GraphQLSchema): Map<string, string> {
  const deprecated = new Map<string, string>();
  for (const [coordinate, reason] of schemaCoordinates(schema)) {
    if (reason !== null) deprecated.set(coordinate, reason);
  }
  return deprecated;
}
