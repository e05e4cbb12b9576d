import { describe, expect, it } from 'vitest';
import { headlineRands, wagerPhrase, welcomeHeadline } from './offer-words';

describe('offer words', () => {
  it('says the wagering one way, with the amount when it is known', () => {
    expect(wagerPhrase(35)).toBe('35× the bonus');
    expect(wagerPhrase(35, 'R8,750.00')).toBe('35× the bonus, R8,750.00');
  });

  it('shortens whole rands for a headline only', () => {
    expect(headlineRands('R2,500.00')).toBe('R2,500');
    expect(headlineRands('R12.50')).toBe('R12.50');
    expect(welcomeHeadline({ bonusPercentage: 250, maxBonus: { formatted: 'R2,500.00' } })).toBe(
      '250% bonus up to R2,500',
    );
  });
});
