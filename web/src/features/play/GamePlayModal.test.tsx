import { act, fireEvent, screen, within } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import GamePlayModal from './GamePlayModal';
import { RealityCheckReminder } from './RealityCheckReminder';

/*
 * The game screen and the player's safer-gambling tools (docs/rules.md#safer-gambling): the reality check's
 * interval is the casino's (the browser's copy only until it is read) and is saved there; the reminder shows the
 * session's stakes and net result with the ways out; a launch refused for a limit says so on the game screen.
 */

afterEach(() => window.localStorage.clear());

type Environment = ReturnType<typeof renderWithRelay>;
const operation = (environment: Environment, name: string): OperationDescriptor => {
  const found = environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);
  if (!found) throw new Error(`No ${name} was sent`);
  return found;
};

describe('the game screen', () => {
  it('reminds at the interval the casino keeps, and saves a new one there', async () => {
    window.localStorage.setItem('play_live_reality_check_minutes', '120');
    const environment = renderWithRelay(<GamePlayModal params={{ code: 'great-fruits' }} />, undefined, {
      at: '/',
    });
    const chooser = (await screen.findByLabelText('Reminder every')) as HTMLSelectElement;
    // Before the casino answers, the browser's copy stands in.
    expect(chooser.value).toBe('120');
    await act(async () => {
      environment.mock.resolve(operation(environment, 'realityCheckIntervalQuery'), {
        data: { viewer: { id: 'viewer', safeGambling: { realityCheckMinutes: 30 } } },
      });
    });
    expect(chooser.value).toBe('30');
    expect(window.localStorage.getItem('play_live_reality_check_minutes')).toBe('30');
    fireEvent.change(chooser, { target: { value: '15' } });
    expect(operation(environment, 'realityCheckSaveMutation').request.variables.input).toEqual({
      minutes: 15,
    });
    expect(chooser.value).toBe('15');
  });

  it("keeps the game screen open with the casino's message when a limit refuses the launch", async () => {
    const environment = renderWithRelay(<GamePlayModal params={{ code: 'great-fruits' }} />, undefined, {
      at: '/',
    });
    await screen.findByRole('dialog');
    const message =
      'You have reached your daily play time limit of 60 minutes. You can play for real money again from 2026-11-28 00:00.';
    await act(async () => {
      environment.mock.reject(
        operation(environment, 'LaunchGameMutation'),
        Object.assign(new Error(message), {
          errors: [
            { message, extensions: { code: 'SESSION_LIMIT_REACHED', resetsAt: '2026-11-27T22:00:00.000Z' } },
          ],
        }),
      );
    });
    const dialog = screen.getByRole('dialog', { name: 'The game could not start' });
    expect(within(dialog).getByRole('alert').textContent).toContain(message);
    expect(within(dialog).getByRole('link', { name: 'Safer gambling' }).getAttribute('href')).toBe(
      '/account/safer-gambling',
    );
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it("says a spin's refusal, which the casino announces live, on the game screen", async () => {
    const environment = renderWithRelay(<GamePlayModal params={{ code: 'great-fruits' }} />, undefined, {
      at: '/',
    });
    await screen.findByRole('dialog');
    const launch = operation(environment, 'LaunchGameMutation');
    await act(async () => {
      environment.mock.resolve(
        launch,
        MockPayloadGenerator.generate(launch, { Game: () => ({ name: 'Great Fruits' }) }),
      );
    });
    await screen.findByTitle('Great Fruits');
    const message =
      'You have reached your daily loss limit of R100.00. You can play for real money again from 2026-11-28 10:15.';
    await act(async () => {
      environment.mock.nextValue(operation(environment, 'limitRefusalSubscription'), {
        data: {
          viewerEvents: {
            __typename: 'SafeGamblingEvent',
            name: 'saferGambling',
            reason: 'LIMIT_REACHED',
            code: 'LOSS_LIMIT_REACHED',
            message,
          },
        },
      });
    });
    expect(screen.getByRole('alert').textContent).toContain(message);
    // The game stays: its own page says the refusal too, and the player may stop or go to Safer gambling.
    expect(screen.getByTitle('Great Fruits')).toBeTruthy();
  });
});

describe('the reality check that pauses play', () => {
  /** The casino's answer to answerRealityCheck. */
  const answered = (environment: Environment, sessionEnded: boolean) =>
    act(async () => {
      const sent = operation(environment, 'realityCheckAnswerMutation');
      environment.mock.resolve(
        sent,
        MockPayloadGenerator.generate(sent, {
          AnswerRealityCheckPayload: () => ({ sessionEnded }),
          SafeGambling: () => ({ realityCheck: null }),
        }),
      );
    });

  it('covers the game and makes it inert when the casino pauses a spin, until the player keeps playing', async () => {
    const environment = renderWithRelay(<GamePlayModal params={{ code: 'great-fruits' }} />, undefined, {
      at: '/',
    });
    await screen.findByRole('dialog');
    const launch = operation(environment, 'LaunchGameMutation');
    await act(async () => {
      environment.mock.resolve(
        launch,
        MockPayloadGenerator.generate(launch, { Game: () => ({ name: 'Great Fruits' }) }),
      );
    });
    const frame = await screen.findByTitle('Great Fruits');
    expect(frame.hasAttribute('inert')).toBe(false);
    await act(async () => {
      environment.mock.nextValue(operation(environment, 'limitRefusalSubscription'), {
        data: {
          viewerEvents: {
            __typename: 'SafeGamblingEvent',
            name: 'saferGambling',
            reason: 'LIMIT_REACHED',
            code: 'REALITY_CHECK_DUE',
            message: 'Reality check: you have been playing for 60 minutes.',
          },
        },
      });
    });
    const reminder = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.getAttribute('tabindex')).toBe('-1');
    // Not a refusal: the reminder, with its answers.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(reminder).getByRole('button', { name: 'Keep playing' }));
    expect(operation(environment, 'realityCheckAnswerMutation').request.variables.input).toEqual({
      choice: 'CONTINUE',
    });
    // The reminder waits for the casino to have the answer.
    expect(screen.getByRole('alertdialog', { name: 'Reality check' })).toBeTruthy();
    await answered(environment, false);
    expect(screen.queryByRole('alertdialog', { name: 'Reality check' })).toBeNull();
    expect(frame.hasAttribute('inert')).toBe(false);
  });

  it('shows the reminder for a launch the casino paused, and launches again once the player keeps playing', async () => {
    const environment = renderWithRelay(<GamePlayModal params={{ code: 'great-fruits' }} />, undefined, {
      at: '/',
    });
    await screen.findByRole('dialog');
    const message = 'Reality check: you have been playing for 60 minutes.';
    await act(async () => {
      environment.mock.reject(
        operation(environment, 'LaunchGameMutation'),
        Object.assign(new Error(message), {
          errors: [
            { message, extensions: { code: 'REALITY_CHECK_DUE', resetsAt: '2026-11-27T22:00:00.000Z' } },
          ],
        }),
      );
    });
    const dialog = screen.getByRole('dialog', { name: 'Reality check' });
    const reminder = within(dialog).getByRole('alertdialog', { name: 'Reality check' });
    expect(dialog.querySelector('iframe')).toBeNull();
    fireEvent.click(within(reminder).getByRole('button', { name: 'Keep playing' }));
    await answered(environment, false);
    const launches = environment.mock
      .getAllOperations()
      .filter((op) => op.request.node.params.name === 'LaunchGameMutation');
    expect(launches).toHaveLength(1);
    expect(screen.queryByRole('alertdialog', { name: 'Reality check' })).toBeNull();
  });
});

describe('the reality check reminder', () => {
  it('shows the time played, the stakes and the net result this session, with the ways out', async () => {
    const since = Date.parse('2026-11-27T08:00:00.000Z');
    const environment = renderWithRelay(
      <RealityCheckReminder
        playedMinutes={60}
        since={since}
        onKeepPlaying={() => {}}
        onStop={() => {}}
        onLeave={() => {}}
      />,
      undefined,
      { at: '/' },
    );
    const reminder = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(reminder.textContent).toContain('You have played for 60 minutes.');
    const sent = operation(environment, 'RealityCheckReminderQuery');
    expect(sent.request.variables).toEqual({ since: '2026-11-27T08:00:00.000Z' });
    await act(async () => {
      environment.mock.resolve(
        sent,
        MockPayloadGenerator.generate(sent, {
          PlaySummary: () => ({ staked: { cents: 4000 }, net: { cents: -1250 } }),
          RealityCheck: () => ({ playedMinutes: 60 }),
        }),
      );
    });
    expect(reminder.textContent).toContain(
      'You have played for 60 minutes. Staked R40.00, net −R12.50 this session.',
    );
    expect(within(reminder).getByRole('button', { name: 'Keep playing' })).toBeTruthy();
    expect(within(reminder).getByRole('button', { name: 'Stop playing' })).toBeTruthy();
    expect(within(reminder).getByRole('link', { name: 'Take a break' }).getAttribute('href')).toBe(
      '/account/safer-gambling#take-a-break',
    );
    expect(within(reminder).getByRole('link', { name: 'Set a limit' }).getAttribute('href')).toBe(
      '/account/safer-gambling',
    );
  });

  it('still says the time played when the session could not be read', async () => {
    const environment = renderWithRelay(
      <RealityCheckReminder
        playedMinutes={15}
        since={Date.now()}
        onKeepPlaying={() => {}}
        onStop={() => {}}
        onLeave={() => {}}
      />,
      undefined,
      { at: '/' },
    );
    await act(async () => {
      environment.mock.reject(operation(environment, 'RealityCheckReminderQuery'), new Error('offline'));
    });
    const reminder = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(reminder.textContent).toContain('You have played for 15 minutes. Take a break');
    expect(reminder.textContent).not.toContain('Staked');
  });
});
