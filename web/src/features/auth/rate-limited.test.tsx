import { act, fireEvent, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvironment } from '../../shared/relay/environment';
import AuthModal from './AuthModal';

/*
 * A player who tries too often reads the gateway's RATE_LIMITED message (how long to wait) in the form, whether the
 * sign-in itself was refused (200 with the error) or the address hit the ceiling on all operations (429). The app's
 * own Relay environment is used; only the browser's fetch is faked, responding as the gateway does.
 */

const SIGN_IN_REFUSED = 'Too many sign-in attempts. Please try again in 12 minutes.';
const CEILING = 'Too many requests from your address. Please try again in 40 seconds.';

function respondWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/graphql-response+json', ...headers },
        }),
      ),
    ),
  );
}

async function tryToSignIn() {
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
}

afterEach(() => vi.unstubAllGlobals());

describe('a rate-limited player', () => {
  it('reads why and how long to wait when the sign-in is refused', async () => {
    respondWith(200, {
      data: null,
      errors: [
        { message: SIGN_IN_REFUSED, path: ['login'], extensions: { code: 'RATE_LIMITED', retryAfter: 700 } },
      ],
    });
    await tryToSignIn();
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_REFUSED);
  });

  it('reads the same when the address hit the ceiling on all requests (429)', async () => {
    respondWith(
      429,
      { errors: [{ message: CEILING, extensions: { code: 'RATE_LIMITED', retryAfter: 40 } }] },
      { 'retry-after': '40' },
    );
    await tryToSignIn();
    expect((await screen.findByRole('alert')).textContent).toBe(CEILING);
  });
});
