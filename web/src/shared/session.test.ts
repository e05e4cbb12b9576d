import { act, renderHook } from '@testing-library/react';
import type { RequestParameters } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeModal, useOpenModal } from './modals/modal-store';
import { session } from './session';
import { sessionToken } from './storage';

/*
 * The one session path: a sign-in or sign-out replaces the environment, and data loaded before it belongs to an
 * earlier session; an UNAUTHENTICATED response to a signed-in request signs out here and asks to sign in again.
 */

const query: RequestParameters = {
  id: 'q1',
  text: null,
  name: 'TestQuery',
  operationKind: 'query',
  metadata: {},
};

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => closeModal());
});

describe('the session', () => {
  it('starts a new environment on sign-in and sign-out, and knows what was loaded for an earlier one', () => {
    const before = session.environment();
    const ref = {};
    session.loaded(ref);
    expect(session.shows(ref)).toBe(true);
    session.signIn('token-1');
    expect(sessionToken()).toBe('token-1');
    expect(session.environment()).not.toBe(before);
    expect(session.showsEarlier()).toBe(true);
    expect(session.shows(ref)).toBe(false);
    session.signOut();
    expect(sessionToken()).toBeNull();
  });

  it('signs out and opens the login modal when the gateway refuses the session', async () => {
    const open = renderHook(() => useOpenModal());
    session.signIn('revoked-token');
    const signedIn = session.environment();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              data: null,
              errors: [{ message: 'Sign in.', extensions: { code: 'UNAUTHENTICATED' } }],
            }),
            { headers: { 'content-type': 'application/graphql-response+json' } },
          ),
        ),
      ),
    );
    await act(
      () =>
        new Promise((resolve) =>
          signedIn
            .getNetwork()
            .execute(query, {}, {})
            .subscribe({ error: resolve, complete: () => resolve(null) }),
        ),
    );
    expect(sessionToken()).toBeNull();
    expect(session.environment()).not.toBe(signedIn);
    expect(open.result.current).toEqual({ name: 'auth', params: { mode: 'login' } });
  });

  it('follows a sign-out in another tab: signed out here, why said, nothing of the player kept', () => {
    const open = renderHook(() => useOpenModal());
    const why = renderHook(() => session.useEndReason());
    session.signIn('shared-token');
    window.localStorage.setItem('play_live_notifications', '{"viewerId":"v","unreadCount":1,"items":[]}');
    window.sessionStorage.setItem('play_live_pending_game', '{"code":"x"}');
    const before = session.environment();
    // The other tab removed the token: this tab hears of it by the storage event.
    window.localStorage.removeItem('play_live_session_token');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'play_live_session_token',
          oldValue: 'shared-token',
          newValue: null,
        }),
      );
    });
    expect(session.signedIn()).toBe(false);
    expect(session.environment()).not.toBe(before);
    expect(why.result.current).toBe('other_tab');
    expect(open.result.current).toEqual({ name: 'auth', params: { mode: 'login' } });
    expect(window.localStorage.getItem('play_live_notifications')).toBeNull();
    expect(window.sessionStorage.getItem('play_live_pending_game')).toBeNull();
    // Signing in again: no reason any more.
    act(() => session.signIn('next-token'));
    expect(why.result.current).toBeNull();
    session.signOut();
  });
});
