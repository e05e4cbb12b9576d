/**
 * Whether deposits are paused for the player (docs/rules.md#safer-gambling): a break or a self-exclusion in force,
 * as the casino says it (viewer.safeGambling.restriction). The casino refuses deposits then anyway; the site offers
 * no Deposit button meanwhile (the header's, the phone menu's), and the cashier says until when.
 */
export function depositsPaused(
  restriction: { readonly endsAt: string } | null | undefined,
  now: Date = new Date(),
): boolean {
  return restriction != null && new Date(restriction.endsAt) > now;
}
