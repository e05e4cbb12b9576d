import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from './third-party/error-reporter';
import { Button } from '../ui/Button';
import { ContactRoutes } from '../shared/page/ContactRoutes';

/** What a screen shows when it cannot load: a way to try again, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  useEffect(() => {
    if (status === null) reportError(error);
  }, [error, status]);
  return (
    <div role="alert" style={{ padding: 'var(--space-6)', maxWidth: 640 }}>
      <h1>{status === 404 ? 'Page not found' : 'We could not load this page'}</h1>
      <p style={{ color: 'var(--color-text-muted)' }}>
        PlayLive did not respond in time. Check your connection and try again; your account and balance are
        safe.
      </p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
      {/* Only the ways to reach support that are on (inside the layout: the site's settings are known). */}
      <ContactRoutes />
    </div>
  );
}
