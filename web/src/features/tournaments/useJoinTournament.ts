import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useJoinTournamentMutation } from '../../__generated__/useJoinTournamentMutation.graphql';
import { gatewayMessage } from './errors';

/**
 * Joining a tournament (docs/rules.md#tournament-stages): the answer updates the tournament everywhere it is shown
 * (joined, players, leaderboard) and, after a buy-in, the wallet, so the header's balance drops at once. A refused
 * join is logged and passed on to the caller with the casino's reason ('Insufficient funds.', ...).
 */
export function useJoinTournament() {
  const [commit, inFlight] = useMutation<useJoinTournamentMutation>(graphql`
    mutation useJoinTournamentMutation($input: JoinTournamentInput!, $rows: Int!) {
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
      commit({
        variables: { input: { tournamentId }, rows },
        onCompleted: (_response, errors) => {
          // The join went through; a wallet that could not be read again shows its last balance until the next.
          if (errors?.length) console.warn('Joined, but the wallet could not be refreshed', errors);
          handlers.onJoined();
        },
        onError: (err) => {
          console.error('Joining the tournament failed', err);
          handlers.onFailed(
            gatewayMessage(err, 'We could not join you to this tournament. Please try again.'),
          );
        },
      }),
    [commit],
  );
  return [join, inFlight] as const;
}
