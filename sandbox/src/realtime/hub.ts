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
  /**
   * A deposit settled (complete, failed on the payment page, or refunded): the deposit as GET
   * /api/wallet/depositStatus shows it, so a client knows the outcome even when it cannot ask (docs/rules.md#payments).
   */
  deposit: 'deposit',
  /** A withdrawal changed state (requested, approved, paid, reversed, failed): the withdrawal as the API shows it. */
  withdrawal: 'withdrawal',
  /** Safer-gambling tools changed, or one refused something (docs/rules.md#safer-gambling). */
  saferGambling: 'saferGambling',
  /** The player's FICA verification changed (a file arrived, a submission, a decision): the whole verification. */
  verification: 'verification',
  /**
   * One of the player's sessions was ended by the casino (or signed out at it): `{reason}`, no token. A client
   * holding a session checks it now, rather than at its next call (docs/rules.md#sign-in-and-sessions).
   */
  sessionEnded: 'sessionEnded',
} as const;
export const TournamentEvents = { updated: 'tournamentUpdated' } as const;
