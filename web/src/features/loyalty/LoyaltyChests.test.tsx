import { screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { LoyaltyChestsTestQuery } from '../../__generated__/LoyaltyChestsTestQuery.graphql';
import { LoyaltyChests } from './LoyaltyChests';

/*
 * The loyalty arithmetic as the modal shows it, at fixed data (the gateway's response for a player with diamonds in
 * every tier): chests ready per tier, the Black rule (no cap), used-up tiers, diamonds toward the next chest, the
 * thresholds, and the progress toward the next diamond as a percentage.
 */

function Harness() {
  const data = useLazyLoadQuery<LoyaltyChestsTestQuery>(
    graphql`
      query LoyaltyChestsTestQuery @relay_test_operation {
        viewer {
          loyalty {
            ...LoyaltyChests_loyalty
          }
        }
      }
    `,
    {},
  );
  return data.viewer?.loyalty ? <LoyaltyChests loyalty={data.viewer.loyalty} /> : null;
}

const tier = (
  name: string,
  diamonds: number,
  used: number,
  chests: number,
  toward: number,
  fullyUsed: boolean,
  thresholds: number[],
  // The casino's cap (the gateway's LoyaltyTier.cap): 100 but on Black, which has none.
  cap: number | null = name === 'BLACK' ? null : 100,
) => ({ tier: name, diamonds, used, chests, diamondsTowardNextChest: toward, fullyUsed, thresholds, cap });

async function renderLoyalty() {
  renderWithRelay(<Harness />, {
    Loyalty: () => ({
      balance: 8,
      progressPercent: 40,
      currentTier: 'BLACK',
      tiers: [
        // Bronze: 100 earned, 100 used: used up, no chest.
        tier('BRONZE', 100, 100, 0, 0, true, [0, 10, 20, 30, 40]),
        // Silver: 57 earned, 20 used: 3 chests, 7 toward the next.
        tier('SILVER', 57, 20, 3, 7, false, [0, 50, 100, 150, 200]),
        // Gold: 4 earned: no chest yet, 4 toward the first.
        tier('GOLD', 4, 0, 0, 4, false, [0, 100, 200, 300, 400]),
        // Platinum: never reached.
        tier('PLATINUM', 0, 0, 0, 0, false, [0, 250, 500, 750, 1000]),
        // Black: 175 earned, 120 used (past 100: no cap): floor(55 / 10) = 5 chests, 5 toward the next.
        tier('BLACK', 175, 120, 5, 5, false, [0, 500, 1000, 1500, 2000]),
      ],
    }),
  });
  await screen.findByTestId('chests-ready');
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the loyalty chests on screen', () => {
  it('shows the chests ready, the current tier and the progress toward the next diamond', async () => {
    await renderLoyalty();
    expect(screen.getByTestId('chests-ready').textContent).toBe('8');
    expect(screen.getByText('Next diamond:').textContent).toBe('Next diamond: 40%');
    const meter = screen.getByRole('progressbar', { name: 'Next diamond: 40%' });
    expect(meter.getAttribute('aria-valuenow')).toBe('40');
    expect(within(card('Black')).getByText('Current')).toBeTruthy();
    expect(within(card('Gold')).queryByText('Current')).toBeNull();
  });

  it('lists the five tiers in order with their thresholds', async () => {
    await renderLoyalty();
    const tiers = within(screen.getByRole('list', { name: 'Tiers' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent?.replace('Current', ''));
    expect(tiers).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Black']);
    const marks = (name: string) =>
      within(screen.getByRole('list', { name: `${name} thresholds` }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Bronze's bar runs on to its cap of 100 (its diamonds count up to there), and says so at its end.
    expect(marks('Bronze')).toEqual(['0', '10', '20', '30', '40', '100']);
    expect(marks('Silver')).toEqual(['0', '50', '100', '150', '200']);
    expect(marks('Gold')).toEqual(['0', '100', '200', '300', '400']);
    expect(marks('Platinum')).toEqual(['0', '250', '500', '750', '1000']);
    expect(marks('Black')).toEqual(['0', '500', '1000', '1500', '2000']);
  });

  it('shows chests ready and diamonds toward the next chest per tier, with a button to open one', async () => {
    await renderLoyalty();
    const silver = card('Silver');
    expect(within(silver).getByText('3 chests ready')).toBeTruthy();
    expect(within(silver).getByText('7 of 10 diamonds toward the next chest')).toBeTruthy();
    expect(within(silver).getByText('20 of 100 diamonds used')).toBeTruthy();
    expect(within(silver).getByRole('button', { name: 'Open a Silver chest' })).toBeTruthy();

    const gold = card('Gold');
    expect(within(gold).getByText('No chest ready')).toBeTruthy();
    expect(within(gold).getByText('4 of 10 diamonds toward the next chest')).toBeTruthy();
    expect(within(gold).queryByRole('button')).toBeNull();
    expect(
      within(gold).getByRole('progressbar', { name: 'Gold diamonds' }).getAttribute('aria-valuenow'),
    ).toBe('4');
  });

  it("puts a tier's diamonds on a bar that reaches them: Bronze's 100 on a bar to 100, not one to 40", async () => {
    await renderLoyalty();
    const bronze = card('Bronze');
    expect(within(bronze).getByText('100 diamonds')).toBeTruthy();
    const bar = within(bronze).getByRole('progressbar', { name: 'Bronze diamonds' });
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(within(bronze).getByText('100 of 100 diamonds used')).toBeTruthy();
    // Past its last threshold, Black's bar runs to its diamonds (no cap), never below them.
    const black = within(card('Black')).getByRole('progressbar', { name: 'Black diamonds' });
    expect(black.getAttribute('aria-valuemax')).toBe('2000');
    expect(black.getAttribute('aria-valuenow')).toBe('175');
  });

  it('says when a tier is used up, and that Black has no cap', async () => {
    await renderLoyalty();
    const bronze = card('Bronze');
    expect(within(bronze).getByText('All chests of this tier are used')).toBeTruthy();
    expect(within(bronze).getByText('No chest ready')).toBeTruthy();
    expect(within(bronze).queryByRole('button')).toBeNull();

    const black = card('Black');
    expect(within(black).getByText('5 chests ready')).toBeTruthy();
    expect(within(black).getByText('No limit on Black')).toBeTruthy();
    expect(within(black).queryByText(/of 100 diamonds used/)).toBeNull();
    expect(within(black).getByText('5 of 10 diamonds toward the next chest')).toBeTruthy();
    expect(within(black).getByRole('button', { name: 'Open a Black chest' })).toBeTruthy();
  });
});
