import { PlaceholderPage } from '../pages/PlaceholderPage';

/** PLACEHOLDER being replaced by the promotions work: the page's real screen. */
export function Component() {
  return (
    <PlaceholderPage title="Promotions" about="Weekly cashback, same-day payouts and the Friday cash drop." />
  );
}
