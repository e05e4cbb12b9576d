import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import CapitecPageQueryNode, {
  type CapitecPageQuery as CapitecPageQueryType,
} from '../../__generated__/CapitecPageQuery.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { Protected } from '../../shared/page/Protected';
import { session } from '../../shared/session';
import { Button } from '../../ui/Button';
import { Page } from '../../shared/page/Page';
import pageStyles from '../../shared/page/Page.module.css';
import styles from './cashier.module.css';
import { DepositForm } from './DepositForm';

export const CapitecPageQuery = graphql`
  query CapitecPageQuery {
    viewer {
      id
      wallet {
        id
        capitec {
          enabled
          name
          method {
            gateway
          }
        }
        ...DepositForm_wallet
      }
      safeGambling {
        ...DepositForm_safeGambling
      }
    }
  }
`;

/** The Capitec method's flag and name may change at any time: shown from the store, and loaded again. */
export const loader = () =>
  loadQuery<CapitecPageQueryType>(
    session.environment(),
    CapitecPageQueryNode,
    {},
    {
      fetchPolicy: 'store-and-network',
    },
  );

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<CapitecPageQueryType>;
  return (
    <Protected>
      <Capitec queryRef={ref} />
    </Protected>
  );
}

/**
 * /capitec (players only): the Capitec method under the casino's name for it ('Capitec ETF' by default), and a
 * deposit with it while its flag is on (docs/rules.md#payments); otherwise that it is off, and the cashier.
 */
function Capitec({ queryRef }: { queryRef: PreloadedQuery<CapitecPageQueryType> }) {
  const { viewer } = usePreloadedQuery<CapitecPageQueryType>(CapitecPageQuery, queryRef);
  const wallet = viewer?.wallet;
  if (!wallet) {
    return (
      <Page title="Capitec">
        <p className={pageStyles.error} role="alert">
          We could not load your wallet right now. Please reload the page to try again.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Page>
    );
  }
  const { name, enabled, method } = wallet.capitec;
  return (
    <Page title={name} lead="Pay straight from your Capitec banking app, in rand, with no card needed.">
      {enabled && method ? (
        <div className={styles.capitec}>
          <section className={pageStyles.panel} aria-labelledby="capitec-how">
            <h2 id="capitec-how" className={styles.sectionTitle}>
              How it works
            </h2>
            <ol className={styles.steps}>
              <li>Choose how much to deposit.</li>
              <li>On the payment page, approve the payment in your Capitec app.</li>
              <li>
                You come straight back here, and the money is in your balance once the bank confirms it.
              </li>
            </ol>
          </section>
          <section className={pageStyles.panel} aria-labelledby="capitec-deposit">
            <h2 id="capitec-deposit" className={styles.sectionTitle}>
              Deposit with {name}
            </h2>
            <DepositForm wallet={wallet} safeGambling={viewer.safeGambling} only={method.gateway} />
          </section>
        </div>
      ) : (
        <section className={pageStyles.panel}>
          <p role="status">
            <strong>{name} is not available right now.</strong> You can still deposit another way in the
            cashier.
          </p>
          <Button variant="accent" onClick={() => openModal('wallet')}>
            Open the cashier
          </Button>
        </section>
      )}
    </Page>
  );
}
