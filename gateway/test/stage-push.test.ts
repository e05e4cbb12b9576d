/**
 * Subscription.tournamentUpdated also pushes when the stage changes on the clock (at nextStageAt), with no refresh
 * flag on the tournament's channel: a watcher's stage label and countdown move on without a reload.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toGlobalId } from '../src/relay.js';
import { liveClient, startStack, subscribe, type Stack } from './harness.js';

let stack: Stack;
/** The gateway's clock runs this far ahead of real time, so a stage change can be brought a second away. */
let ahead = 0;

beforeAll(async () => {
  stack = await startStack({ clock: () => new Date(Date.now() + ahead) });
});
afterAll(() => stack.close());

it('pushes the tournament when its stage changes, though nothing was published', async () => {
  const list = await stack.gql(
    '{ tournaments(stages: [COMING_UP]) { edges { node { tournamentId nextStageAt } } } }',
  );
  const { tournamentId, nextStageAt } = list.data.tournaments.edges[0].node;
  // Three seconds before the tournament's registration opens (time to subscribe first, on a loaded machine too).
  ahead = Date.parse(nextStageAt) - Date.now() - 3000;
  const client = liveClient(stack);
  const live = subscribe(
    client,
    'subscription($id: ID!) { tournamentUpdated(id: $id) { stage label nextStageAt } }',
    {
      id: toGlobalId('Tournament', tournamentId),
    },
  );
  try {
    const pushed = await live.next(() => true, 8000);
    expect(pushed.data.tournamentUpdated.stage).toBe('REGISTERING');
    expect(pushed.data.tournamentUpdated.label).toBe('Starts in');
    expect(Date.parse(pushed.data.tournamentUpdated.nextStageAt)).toBeGreaterThan(Date.parse(nextStageAt));
  } finally {
    live.stop();
    await client.dispose();
  }
});
