import { testIdentity } from '../../sandbox/test/identities.js';

/** The identity a registration at the casino requires (docs/rules.md#know-your-player), valid and unique, as REST fields. */
export function identityFields(): { date_of_birth: string; id_number: string } {
  const { dateOfBirth, idNumber } = testIdentity();
  return { date_of_birth: dateOfBirth, id_number: idNumber };
}
