/**
 * What `npm run schema:check` refuses under the deprecation policy (gateway/src/deprecation-policy.ts), whatever
 * --strict and --usage say: a removal that was not deprecated at the base ref, or comes before the removal date its
 * reason named; and a new deprecation (or one whose removal date moves earlier) without a date at least
 * DEPRECATION_DAYS days ahead of today. A coordinate added already deprecated needs a removal date, but not that far
 * ahead: no client can have used it before.
 */
import { ChangeType, type Change } from '@graphql-inspector/core';
import type { GraphQLSchema } from 'graphql';
import {
  DEPRECATION_DAYS,
  deprecatedCoordinates,
  earliestRemovalDate,
  removalDate,
  removalReason,
  schemaCoordinates,
} from '../src/deprecation-policy.js';

/** The removals the policy governs: what can carry @deprecated. */
const REMOVALS = new Set<string>([
  ChangeType.FieldRemoved,
  ChangeType.FieldArgumentRemoved,
  ChangeType.InputFieldRemoved,
  ChangeType.EnumValueRemoved,
]);

/**
 * A change's path as a schema coordinate in the usage export's words: graphql-inspector's `Type.field.arg` is
 * `Type.field(arg:)`; `Type.field`, `Input.field` and `Enum.VALUE` are the same in both.
 */
function coordinateOf(path: string): string {
  const parts = path.split('.');
  return parts.length === 3 ? `${parts[0]}.${parts[1]}(${parts[2]}:)` : path;
}

const quote = (reason: string) => JSON.stringify(reason);

/** One line per breach of the policy, naming the coordinate and the rule; none when the change keeps it. */
export function deprecationBreaches(
  before: GraphQLSchema,
  after: GraphQLSchema,
  changes: Change[],
  today: string,
  base: string,
): string[] {
  const was = deprecatedCoordinates(before);
  const existed = schemaCoordinates(before);
  const now = deprecatedCoordinates(after);
  const earliest = earliestRemovalDate(today);
  const breaches: string[] = [];

  for (const change of changes) {
    if (!REMOVALS.has(change.type) || !change.path) continue;
    const coordinate = coordinateOf(change.path);
    const reason = was.get(coordinate);
    const date = removalDate(reason);
    if (reason === undefined) {
      breaches.push(
        `${coordinate} is removed without having been @deprecated at '${base}': deprecate it first, with a removal ` +
          `date at least ${DEPRECATION_DAYS} days ahead, and remove it on or after that date.`,
      );
    } else if (!date) {
      breaches.push(
        `${coordinate} is removed, but its deprecation at '${base}' names no removal date (${quote(reason)}): ` +
          `give it one at least ${DEPRECATION_DAYS} days ahead first.`,
      );
    } else if (date > today) {
      breaches.push(
        `${coordinate} is removed before its removal date ${date} (today is ${today}; deprecated at '${base}': ` +
          `${quote(reason)}).`,
      );
    }
  }

  for (const [coordinate, reason] of now) {
    const previous = was.get(coordinate);
    if (previous === reason) continue;
    const date = removalDate(reason);
    const previousDate = removalDate(previous);
    // A reason reworded, or a removal put off: the period the earlier date gave still holds.
    if (date && previousDate && date >= previousDate) continue;
    const example = quote(removalReason('`<replacement>`', earliest));
    if (!date) {
      breaches.push(
        `${coordinate} is deprecated with no removal date in its reason (${quote(reason)}): name the replacement ` +
          `and a date at least ${DEPRECATION_DAYS} days ahead, as ${example}.`,
      );
    } else if (date < earliest && existed.has(coordinate)) {
      breaches.push(
        `${coordinate} is deprecated with the removal date ${date}, less than ${DEPRECATION_DAYS} days after ` +
          `${today}: the earliest is ${earliest}.`,
      );
    }
  }
  return breaches;
}
