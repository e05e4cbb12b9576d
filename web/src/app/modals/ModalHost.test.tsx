import { act, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { ModalHostTestQuery } from '../../__generated__/ModalHostTestQuery.graphql';
import { closeModal, openModal, openModalWhenFree } from '../../shared/modals/modal-store';
import { ModalHost } from './ModalHost';

function Harness() {
  const data = useLazyLoadQuery<ModalHostTestQuery>(
    graphql`
      query ModalHostTestQuery @relay_test_operation {
        ...ModalHost_query
      }
    `,
    {},
  );
  return <ModalHost query={data} />;
}

function renderHost(signedIn: boolean, path = '/') {
  renderWithRelay(
    <Harness />,
    {
      Query: () => ({ viewer: signedIn ? { id: 'Vmlld2VyOjE' } : null }),
      Site: () => ({
        terms: { version: '2026-11-01', text: 'First paragraph.\n\nSecond paragraph.' },
        singleSignOn: { enabled: false, loginUrl: null, signupUrl: null },
      }),
    },
    { at: path },
  );
}

afterEach(() => act(() => closeModal()));

describe('the modal host', () => {
  it("opens the login modal when a guest opens a player's modal", async () => {
    renderHost(false);
    act(() => openModal('wallet'));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it("opens a player's modal for a player", async () => {
    renderHost(true);
    act(() => openModal('wallet'));
    expect(await screen.findByRole('dialog', { name: 'Cashier' })).toBeTruthy();
  });

  it('keeps a notice the player did not ask for waiting until their modal closes', async () => {
    renderHost(true);
    act(() => openModal('terms'));
    await screen.findByRole('dialog', { name: 'Terms and conditions' });
    act(() => openModalWhenFree('onboarding'));
    expect(screen.getByRole('dialog', { name: 'Terms and conditions' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Welcome to PlayLive' })).toBeNull();
    act(() => closeModal());
    expect(await screen.findByRole('dialog', { name: 'Welcome to PlayLive' })).toBeTruthy();
  });

  it('opens a notice at once when no modal is open', async () => {
    renderHost(true);
    act(() => openModalWhenFree('onboarding'));
    expect(await screen.findByRole('dialog', { name: 'Welcome to PlayLive' })).toBeTruthy();
  });

  it('opens the modal the address names, in the mode it names', async () => {
    renderHost(false, '/how-to?modal=auth&mode=registration');
    expect(await screen.findByRole('dialog', { name: 'Join PlayLive' })).toBeTruthy();
  });

  it('shows the terms in paragraphs', async () => {
    renderHost(false);
    act(() => openModal('terms'));
    await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(screen.getByText('Second paragraph.').tagName).toBe('P');
  });
});
