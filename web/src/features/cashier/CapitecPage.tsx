import { Protected } from '../../app/Protected';
import { PlaceholderPage } from '../pages/PlaceholderPage';

/** PLACEHOLDER being replaced by the cashier work: the page's real screen (players only). */
export function Component() {
  return (
    <Protected>
      <PlaceholderPage
        title="Capitec"
        about="Deposit with Capitec: pay from your banking app, credited as soon as it clears."
      />
    </Protected>
  );
}
