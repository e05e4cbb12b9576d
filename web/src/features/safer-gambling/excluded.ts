/** The page after a self-exclusion (features/safer-gambling/ExcludedPage.tsx): its address and what it is told. */
export const EXCLUDED_PATH = '/account/self-excluded';

/** What the self-exclusion's payload said, carried to the page in the history entry (it survives a reload). */
export interface Excluded {
  endsAt: string;
  payout: { amount: string; reference: string; account: string | null } | null;
}
