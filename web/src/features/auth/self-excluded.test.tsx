import { act, fireEvent, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvironment } from '../../shared/relay/environment';
import { session } from '../../shared/session';
import AuthModal from './AuthModal';

/*
 * A player who excluded themselves (docs/rules.md#safer-gambling) and tries to sign in reads the casino's message,
 * with the date it ends, in the form, and stays signed out. The app's own Relay environment is used; only the
 * browser's fetch is faked, responding as the gateway does.
 */

const EXCLUDED =
  'You have excluded yourself from PlayLive until 2027-05-28 10:15. You cannot sign in, deposit or play before then.';

afterEach(() => vi.unstubAllGlobals());

describe('a self-excluded player signing in', () => {
  it("reads the casino's message with the end date, and is not signed in", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              data: null,
              errors: [
                {
                  message: EXCLUDED,
                  path: ['login'],
                  extensions: { code: 'SELF_EXCLUDED', resetsAt: '2027-05-28T08:15:00.000Z' },
                },
              ],
            }),
            { status: 200, headers: { 'content-type': 'application/graphql-response+json' } },
          ),
        ),
      ),
    );
    const { environment } = createEnvironment();
    render(
      <RelayEnvironmentProvider environment={environment}>
        <AuthModal
          params={{ mode: 'login' }}
          site={{
            maintenanceMessage: null,
            appVersion: null,
            terms: null,
            singleSignOn: { enabled: false, loginUrl: null, signupUrl: null },
          }}
        />
      </RelayEnvironmentProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'player@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-9' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Email').closest('form')!);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(EXCLUDED);
    expect(session.signedIn()).toBe(false);
  });
});
