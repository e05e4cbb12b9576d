import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useStartTournamentMutation } from '../../__generated__/useStartTournamentMutation.graphql';
import { showAlert } from '../../app/modals/modal-store';
import { gatewayMessage } from './errors';

/**
 * Starting play in a joined tournament (tournamentAction START): the answer updates the player's entry (its start
 * time begins a buy-in's play window). A refused start shows the error in an alert (docs/rules.md#error-messages).
 */
export function useStartTournament() {
  const [commit, inFlight] = useMutation<useStartTournamentMutation>(graphql`
    mutation useStartTournamentMutation($input: TournamentActionInput!, $rows: Int!) {
      tournamentAction(input: $input) {
        tournament {
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: $rows)
        }
      }
    }
  `);
  const start = useCallback(
    (tournamentId: string, rows: number, onStarted: () => void) =>
      commit({
        variables: { input: { tournamentId, action: 'START' }, rows },
        onCompleted: onStarted,
        onError: (err) =>
          showAlert(
            gatewayMessage(err, 'We could not start this tournament. Please try again.'),
            'The tournament could not start',
          ),
      }),
    [commit],
  );
  return [start, inFlight] as const;
}
