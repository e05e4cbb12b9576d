import { describe, expect, it } from 'vitest';
import { closeModal, openModal, useOpenModal } from '../../shared/modals/modal-store';
import { MODALS } from './modals';

/*
 * Each feature declares its modals' parameters (its modals.ts): opening one with parameters it does not take fails
 * to compile. The lines marked @ts-expect-error are such mistakes; `tsc -p web` fails if one of them compiles.
 */
function typeChecks() {
  openModal('wallet');
  openModal('wallet', { tab: 'withdraw' });
  openModal('tournaments', { tournament: 'VG91cm5hbWVudDox' });
  openModal('game', { code: 'wolf-gold', demo: true });
  // @ts-expect-error: the cashier has no such tab.
  openModal('wallet', { tab: 'bonus' });
  // @ts-expect-error: the game modal's demo is a boolean, not the address's string.
  openModal('game', { code: 'wolf-gold', demo: 'true' });
  // @ts-expect-error: the profile takes no parameters.
  openModal('profile', { tab: 'password' });
  // @ts-expect-error: no modal has this name.
  openModal('cashier');
  return useOpenModal;
}

describe('the modal registry', () => {
  it('has a lazy component for every modal the features declare, and knows which are for players only', () => {
    expect(typeof typeChecks).toBe('function');
    expect(Object.keys(MODALS).sort()).toEqual(
      [
        'alert',
        'app-version',
        'auth',
        'coupon',
        'email-verified',
        'game',
        'loyalty',
        'maintenance',
        'notifications',
        'onboarding',
        'profile',
        'terms',
        'tournamentGames',
        'tournaments',
        'transactions',
        'wagering',
        'wallet',
      ].sort(),
    );
    const players = Object.entries(MODALS).flatMap(([name, modal]) => (modal.player ? [name] : []));
    expect(players.sort()).toEqual(
      ['coupon', 'wallet', 'wagering', 'profile', 'notifications', 'transactions', 'loyalty'].sort(),
    );
    closeModal();
  });
});
