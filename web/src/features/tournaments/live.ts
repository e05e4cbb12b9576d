import { useEffect, useMemo } from 'react';
import { fetchQuery, graphql, useRelayEnvironment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { liveTournamentQuery } from '../../__generated__/liveTournamentQuery.graphql';
import type { liveTournamentSubscription } from '../../__generated__/liveTournamentSubscription.graphql';
import { stageIsDue } from './stage';

/*
 * Keeping a tournament on screen current without a reload (docs/rules.md#tournament-stages): its
 * `tournamentUpdated` subscription brings the new leaderboard after spins and the new stage when the clock reaches
 * it; both land in the Relay store, so every view of the tournament updates. If the clock passes the stage change
 * and no push has come (the live connection is down, or the tournament is only listed, not watched), it is read
 * once more.
 */

const Subscription = graphql`
  subscription liveTournamentSubscription($id: ID!, $rows: Int!) {
    tournamentUpdated(id: $id) {
      ...TournamentCard_tournament
      ...Leaderboard_tournament @arguments(rows: $rows)
    }
  }
`;

const Refetch = graphql`
  query liveTournamentQuery($id: ID!, $rows: Int!) {
    tournament(id: $id) {
      ...TournamentCard_tournament
      ...Leaderboard_tournament @arguments(rows: $rows)
    }
  }
`;

/** How long after a stage change to wait for the gateway's push before reading the tournament anew. */
export const STAGE_REFETCH_DELAY_MS = 3000;

/** Subscribes to one tournament's changes while mounted (with the leaderboard rows its screen shows). */
export function useTournamentUpdates(id: string, rows: number): void {
  const config = useMemo<GraphQLSubscriptionConfig<liveTournamentSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { id, rows },
      // The screen keeps what it has; the next push, or the stage refetch, brings it up to date.
      onError: (err) => console.warn('The tournament live updates stopped', err),
    }),
    [id, rows],
  );
  useSubscription(config);
}

/** Reads the tournament anew once its stage change is due and no update has replaced `nextStageAt` meanwhile. */
export function useStageRefetch(
  id: string,
  rows: number,
  nextStageAt: string | null | undefined,
  now: number,
): void {
  const environment = useRelayEnvironment();
  const due = stageIsDue(nextStageAt, now);
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => {
      fetchQuery<liveTournamentQuery>(
        environment,
        Refetch,
        { id, rows },
        { fetchPolicy: 'network-only', networkCacheConfig: { metadata: { silent: true } } },
      ).subscribe({ error: (err: unknown) => console.warn('The tournament could not be read again', err) });
    }, STAGE_REFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, nextStageAt, id, rows, environment]);
}
