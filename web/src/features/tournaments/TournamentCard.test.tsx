import { act, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { MemoryRouter } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TournamentCardTestQuery } from '../../__generated__/TournamentCardTestQuery.graphql';
import { closeModal, useOpenModal } from '../../shared/modals/modal-store';
import { LayoutContext } from '../../shared/layout-context';
import { STAGE_REFETCH_DELAY_MS } from './live';
import { STAGE_COLOURS } from './stage';
import { TournamentCard } from './TournamentCard';

/*
 * A tournament card at a fixed clock: 10:00 in Johannesburg (08:00 UTC) on 22 November 2026. The countdown ticks
 * on the shared clock, the stage changes when the gateway's response or push says so, the leaderboard moves with a
 * push, and joining sends the tournament's id.
 */

const NOW = Date.parse('2026-11-22T08:00:00.000Z');
const ID = 'VG91cm5hbWVudDoy';

function Harness() {
  const data = useLazyLoadQuery<TournamentCardTestQuery>(
    graphql`
      query TournamentCardTestQuery @relay_test_operation {
        tournament(id: "VG91cm5hbWVudDoy") {
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: 5)
        }
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      {data.tournament && <TournamentCard tournament={data.tournament} rows={5} headingLevel={2} watch />}
      <p data-testid="modal">{open?.name ?? 'none'}</p>
    </>
  );
}

const entry = (n: number, points: number, name = `Player ${n}`, isViewer = false) => ({
  id: `entry-${n}`,
  position: n,
  name,
  points,
  isViewer,
});

const tournament = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  tournamentId: 2,
  name: 'High Roller Showdown',
  description: 'Buy in and spin.',
  image: null,
  stage: 'LATE_REGISTRATION',
  label: 'Closes in',
  nextStageAt: '2026-11-22T13:30:30.000Z',
  registrationStart: '2026-11-21T08:00:00.000Z',
  registrationEnd: '2026-11-24T08:00:00.000Z',
  startsAt: '2026-11-21T20:00:00.000Z',
  endsAt: '2026-11-25T08:00:00.000Z',
  buyIn: { formatted: 'R50.00' },
  buyInDurationMinutes: 60,
  prizePool: { formatted: 'R50,000.00' },
  usersCount: 2,
  registrationOpen: true,
  running: true,
  inPlay: true,
  countsAllGames: false,
  minimumStake: { formatted: 'R5.00' },
  eligibleGames: {
    totalCount: 30,
    edges: ['Hidden Jewels', 'Zeus Riches'].map((name, i) => ({
      node: { id: `game-${i}`, code: name.toLowerCase().replace(' ', '-'), name, image: null },
    })),
  },
  joined: false,
  myEntry: null,
  leaderboard: {
    totalCount: 2,
    edges: [{ node: entry(1, 300, 'Lerato K.') }, { node: entry(2, 120, 'Sipho N.') }],
  },
  ...overrides,
});

/** Resolves an operation; a mutation's promise settles (and its callbacks run) before act returns. */
async function resolve(
  environment: ReturnType<typeof createMockEnvironment>,
  operation: OperationDescriptor,
  t: object,
) {
  await act(async () => {
    environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, { Tournament: () => t }));
  });
}

const operationNamed = (environment: ReturnType<typeof createMockEnvironment>, name: string) => {
  const found = environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);
  if (!found) throw new Error(`No ${name} operation`);
  return found;
};

function renderCard(t: object, signedIn = true) {
  const environment = createMockEnvironment();
  // Resolved as it is asked, so the card renders at once (no suspense to wait out under the fake clock).
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name === 'TournamentCardTestQuery'
      ? MockPayloadGenerator.generate(operation, { Tournament: () => t })
      : null,
  );
  render(
    <RelayEnvironmentProvider environment={environment}>
      <LayoutContext.Provider value={{ signedIn, alternateRoutes: false, promotionPages: [] }}>
        <MemoryRouter>
          <Suspense fallback="Loading">
            <Harness />
          </Suspense>
        </MemoryRouter>
      </LayoutContext.Provider>
    </RelayEnvironmentProvider>,
  );
  return environment;
}

const badge = () => screen.getByTestId('stage-badge');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  act(() => closeModal());
  vi.useRealTimers();
});

describe('a tournament card at a fixed clock', () => {
  it('shows the games that count as tiles and the minimum stake, on the card and before the buy-in is paid', () => {
    renderCard(tournament());
    const card = screen.getByRole('heading', { name: 'High Roller Showdown' }).closest('article')!;
    expect(within(card).getByText('30 games count')).toBeTruthy();
    expect(within(card).queryByText('All games count')).toBeNull();
    const tiles = within(card).getByRole('list', { name: 'Games that count in High Roller Showdown' });
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/game/hidden-jewels', '/game/zeus-riches']);
    expect(within(card).getByText('R5.00', { selector: 'strong' })).toBeTruthy();
    act(() => within(card).getByRole('button', { name: 'Join for R50.00' }).click());
    const confirm = within(card).getByRole('group', { name: 'Confirm the buy-in' });
    expect(within(confirm).getByText('R50,000.00')).toBeTruthy();
    expect(within(confirm).getByText('R5.00 a spin')).toBeTruthy();
    expect(
      within(confirm).getByRole('list', { name: 'Games that count in High Roller Showdown' }),
    ).toBeTruthy();
  });

  it('says "All games count" only when every game counts, with no tiles and no minimum', () => {
    renderCard(tournament({ countsAllGames: true, minimumStake: null }));
    const card = screen.getByRole('heading', { name: 'High Roller Showdown' }).closest('article')!;
    expect(within(card).getByText('All games count')).toBeTruthy();
    expect(within(card).queryByRole('list', { name: /Games that count/ })).toBeNull();
    expect(within(card).queryByText(/Minimum stake/)).toBeNull();
  });

  it('never says LIVE before the tournament is in play', () => {
    renderCard(tournament({ stage: 'REGISTERING', label: 'Starts in', running: false, inPlay: false }));
    expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
  });

  it('says LIVE while it is in play', () => {
    renderCard(tournament());
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('shows the stage label in its colour and counts down toward nextStageAt, minute by minute', () => {
    renderCard(tournament());
    expect(badge().textContent).toBe('Closes in05 H 30 M');
    expect(badge().style.getPropertyValue('--stage-colour')).toBe(STAGE_COLOURS.LATE_REGISTRATION);
    act(() => vi.advanceTimersByTime(29_000));
    expect(badge().textContent).toBe('Closes in05 H 30 M');
    act(() => vi.advanceTimersByTime(2_000));
    expect(badge().textContent).toBe('Closes in05 H 29 M');
    act(() => vi.advanceTimersByTime(60_000));
    expect(badge().textContent).toBe('Closes in05 H 28 M');
  });

  it('shows the dates in Johannesburg time, the buy-in, play time and prize pool', () => {
    renderCard(tournament());
    const facts = screen.getByRole('heading', { name: 'High Roller Showdown' }).closest('article')!;
    expect(within(facts).getByText('2026-11-21 22:00').tagName).toBe('TIME');
    expect(within(facts).getByText('2026-11-25 10:00')).toBeTruthy();
    expect(within(facts).getByText('R50.00')).toBeTruthy();
    expect(within(facts).getByText('1 h per buy-in')).toBeTruthy();
    expect(within(facts).getByText('R50,000.00')).toBeTruthy();
  });

  it('reads the tournament again when its stage change is due, and shows the new stage', async () => {
    const environment = renderCard(tournament({ nextStageAt: '2026-11-22T08:01:00.000Z' }));
    expect(badge().textContent).toBe('Closes in00 H 01 M');
    act(() => vi.advanceTimersByTime(61_000));
    expect(badge().textContent).toBe('Closes in00 H 00 M');
    act(() => vi.advanceTimersByTime(STAGE_REFETCH_DELAY_MS));
    const refetch = operationNamed(environment, 'liveTournamentQuery');
    expect(refetch.request.variables).toEqual({ id: ID, rows: 5 });
    await resolve(
      environment,
      refetch,
      tournament({
        stage: 'RUNNING',
        label: 'Players',
        nextStageAt: '2026-11-25T08:00:00.000Z',
        registrationOpen: false,
      }),
    );
    expect(badge().textContent).toBe('Players2');
    expect(badge().style.getPropertyValue('--stage-colour')).toBe(STAGE_COLOURS.RUNNING);
    expect(screen.getByText('Registration is closed.')).toBeTruthy();
  });

  it('moves the leaderboard and the stage with what the live subscription pushes', () => {
    const environment = renderCard(tournament({ stage: 'RUNNING', label: 'Players' }));
    const live = operationNamed(environment, 'liveTournamentSubscription');
    expect(live.request.variables).toEqual({ id: ID, rows: 5 });
    const rows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);
    expect(rows()).toEqual(['1Lerato K.300', '2Sipho N.120']);
    act(() =>
      environment.mock.nextValue(
        live,
        MockPayloadGenerator.generate(live, {
          Tournament: () =>
            tournament({
              stage: 'RUNNING',
              label: 'Players',
              usersCount: 2,
              leaderboard: {
                totalCount: 2,
                edges: [{ node: entry(2, 420, 'Sipho N.') }, { node: entry(1, 300, 'Lerato K.') }].map(
                  ({ node }, i) => ({ node: { ...node, position: i + 1 } }),
                ),
              },
            }),
        }),
      ),
    );
    expect(rows()).toEqual(['1Sipho N.420', '2Lerato K.300']);
    act(() =>
      environment.mock.nextValue(
        live,
        MockPayloadGenerator.generate(live, {
          Tournament: () =>
            tournament({
              stage: 'ENDED',
              label: 'Ended @ 2026-11-25 10:00',
              nextStageAt: null,
              running: false,
            }),
        }),
      ),
    );
    expect(badge().textContent).toBe('Ended @ 2026-11-25 10:00');
    expect(screen.getByRole('heading', { name: 'Final standings' })).toBeTruthy();
  });

  it('gives the focus back to Join when the buy-in is cancelled', () => {
    renderCard(tournament());
    act(() => screen.getByRole('button', { name: 'Join for R50.00' }).click());
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Join for R50.00' }));
  });

  it('asks a guest to log in to join', () => {
    renderCard(tournament(), false);
    act(() => screen.getByRole('button', { name: 'Join for R50.00' }).click());
    expect(screen.getByTestId('modal').textContent).toBe('auth');
  });

  it('confirms a buy-in before joining, then shows the player in', async () => {
    const environment = renderCard(tournament());
    act(() => screen.getByRole('button', { name: 'Join for R50.00' }).click());
    expect(screen.getByText(/from your balance for 1 h of play/)).toBeTruthy();
    // Focus follows the buttons as they change: to the confirmation, and to the result once in.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay R50.00 and join' }));
    act(() => screen.getByRole('button', { name: 'Pay R50.00 and join' }).click());
    const join = operationNamed(environment, 'JoinTournamentMutation');
    expect(join.request.variables).toEqual({ input: { tournamentId: ID }, rows: 5 });
    await resolve(
      environment,
      join,
      tournament({
        joined: true,
        usersCount: 3,
        myEntry: { id: 'entry-3', position: 3, points: 0, startedAt: null },
      }),
    );
    expect(screen.getByText(/You’re in/).textContent).toContain('3rd with 0 points');
    expect(document.activeElement).toBe(screen.getByText(/You’re in/));
    expect(screen.getByRole('button', { name: 'Start playing' })).toBeTruthy();
  });

  it("shows the casino's reason beside the button when a join is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const environment = renderCard(tournament({ buyIn: null, buyInDurationMinutes: null }));
    act(() => screen.getByRole('button', { name: 'Join for free' }).click());
    await act(async () =>
      environment.mock.reject(
        operationNamed(environment, 'JoinTournamentMutation'),
        Object.assign(new Error('Insufficient funds.'), {
          errors: [{ message: 'Insufficient funds.', extensions: { code: 'BAD_USER_INPUT' } }],
        }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe('Insufficient funds.');
  });
});
