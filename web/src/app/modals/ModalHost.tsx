import { Suspense, useEffect, useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import type { ModalHost_query$key } from '../../__generated__/ModalHost_query.graphql';
import { openModal, useOpenModal, type ModalName, type ModalParams } from '../../shared/modals/modal-store';
import type { ModalSite } from '../../shared/modals/registry';
import { isModalName, MODALS } from './modals';

/**
 * Shows the open modal, from the features' declarations (./modals.ts). A guest who opens a player's modal
 * (wallet, coupon, ...) gets the login modal instead. `?modal=<name>` in the address opens that modal, with the
 * parameters its declaration reads from the address (for auth, `&mode=registration` or `reset`; for tournaments,
 * `&tournament=<id>`), then leaves the address as it was without them.
 */
export function ModalHost({ query }: { query: ModalHost_query$key }) {
  const data = useFragment(
    graphql`
      fragment ModalHost_query on Query {
        viewer {
          id
        }
        site {
          maintenance {
            enabled
            message
          }
          appVersion
          terms {
            version
            text
          }
          singleSignOn {
            enabled
            loginUrl
            signupUrl
          }
        }
      }
    `,
    query,
  );
  const open = useOpenModal();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const name = search.get('modal');
    if (!isModalName(name)) return;
    const address = MODALS[name].address;
    openModal<ModalName>(name, address?.read(search) ?? {});
    for (const key of ['modal', ...(address?.keys ?? [])]) search.delete(key);
    const rest = search.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '' },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, navigate]);

  const site = data.site;
  const settings = useMemo<ModalSite>(
    () => ({
      maintenanceMessage: site?.maintenance.message ?? null,
      appVersion: site?.appVersion ?? null,
      terms: site?.terms ?? null,
      singleSignOn: {
        enabled: site?.singleSignOn.enabled ?? false,
        loginUrl: site?.singleSignOn.loginUrl ?? null,
        signupUrl: site?.singleSignOn.signupUrl ?? null,
      },
    }),
    [site],
  );

  if (!open) return null;
  const guest = data.viewer === null;
  const shown = MODALS[open.name].player && guest ? ({ name: 'auth', params: {} } as const) : open;
  return (
    <Suspense fallback={null}>{render(shown.name, shown.params as ModalParams[typeof shown.name])}</Suspense>
  );

  function render<N extends ModalName>(name: N, params: ModalParams[N]) {
    const Modal = MODALS[name].component;
    return <Modal params={params} site={settings} />;
  }
}
