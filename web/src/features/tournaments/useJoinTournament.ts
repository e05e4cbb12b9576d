import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { JoinTournamentMutation } from '../../__generated__/JoinTournamentMutation.graphql';
import { MutationError, useMutation } from '../../shared/relay/useMutation';
import { gatewayMessage } from './errors';

/**
 * Joining a tournament (docs/rules.md#tournament-stages): the result updates the tournament everywhere it is shown
 * (joined, players, leaderboard) and, after a buy-in, the wallet, so the header's balance drops at once. A refused
 * join is logged and passed on to the caller with the casino's reason ('Insufficient funds.', ...).
 */
export function useJoinTournament() {
  const [send, inFlight] = useMutation<JoinTournamentMutation>(graphql`
    mutation JoinTournamentMutation($input: JoinTournamentInput!, $rows: Int!) {
      joinTournament(input: $input) {
        tournament {
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: $rows)
        }
        wallet {
          id
          money {
            formatted
          }
          bonus {
            formatted
          }
          combined {
            formatted
          }
        }
      }
    }
  `);
  const join = useCallback(
    (tournamentId: string, rows: number, handlers: { onJoined(): void; onFailed(message: string): void }) =>
      void send({ input: { tournamentId }, rows }).then(handlers.onJoined, (err: unknown) => {
        // The join went through (its payload has the tournament) but a part could not be read again: a wallet
        // that could not be read shows its last balance until the next.
        if (
          err instanceof MutationError &&
          (err.data as JoinTournamentMutation['response'] | null)?.joinTournament
        ) {
          console.warn('Joined, but the wallet could not be refreshed', err.errors);
          handlers.onJoined();
          return;
        }
        console.error('Joining the tournament failed', err);
        handlers.onFailed(gatewayMessage(err, 'We could not join you to this tournament. Please try again.'));
      }),
    [send],
  );
  return [join, inFlight] as const;
}
