import { ContactRoutes } from '../../shared/page/ContactRoutes';
import { Page } from '../../shared/page/Page';

/** Where players land when PlayLive is not available to them; it offers only the contact routes that are on. */
export function Component() {
  return (
    <Page
      title="PlayLive is unavailable"
      lead="PlayLive is not available in your region or right now. If you think this is a mistake, contact support."
    >
      <p>PlayLive serves players aged 18 and over in South Africa.</p>
      <ContactRoutes />
    </Page>
  );
}
