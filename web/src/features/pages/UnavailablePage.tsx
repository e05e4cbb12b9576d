import { Page } from '../../shared/page/Page';

/** Where players land when PlayLive is not available to them. */
export function Component() {
  return (
    <Page
      title="PlayLive is unavailable"
      lead="PlayLive is not available in your region or right now. If you think this is a mistake, contact support."
    >
      <p>
        PlayLive serves players aged 18 and over in South Africa. Our support team answers by live chat and at
        support@playlive.test every day from 8am to 10pm.
      </p>
    </Page>
  );
}
