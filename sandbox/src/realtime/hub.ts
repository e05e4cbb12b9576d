/**
 * Publishing to live channels. Routes publish through this; the Pusher-protocol server (pusher-server.ts)
 * delivers to the sockets subscribed to the channel.
 */
export interface Realtime {
  publish(channel: string, event: string, data: unknown): void;
}

/** The private channel of one player, authorised through POST /broadcasting/auth. */
export const userChannel = (userId: number) => `private-user.${userId}`;
/** The public channel of one tournament; its events carry a refresh flag. */
export const tournamentChannel = (tournamentId: number) => `tournament.${tournamentId}`;

/** Event names on a player's channel. */
export const UserEvents = {
  loyaltyProgress: 'loyaltyProgress',
  notification: 'notification',
  wallet: 'wallet',
  /** A withdrawal changed state (requested, approved, paid, reversed, failed): the withdrawal as the API shows it. */
  withdrawal: 'withdrawal',
  /** Safer-gambling tools changed, or one refused something (docs/rules.md#safer-gambling). */
  saferGambling: 'saferGambling',
  /** The player's FICA verification changed (a file arrived, a submission, a decision): the whole verification. */
  verification: 'verification',
} as const;
export const TournamentEvents = { updated: 'tournamentUpdated' } as const;
