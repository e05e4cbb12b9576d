import type { ComponentType } from 'react';
import { RelayEnvironmentProvider, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { OperationType } from 'relay-runtime';

const isPreloadedQuery = (value: unknown): value is PreloadedQuery<OperationType> =>
  (value as { kind?: unknown } | null)?.kind === 'PreloadedQuery';

/**
 * A route's screen, rendered with the environment its loader loaded into: after a sign-in or sign-out the layout
 * may still show the previous session's environment for a moment, and a screen must never read its data from that
 * one. Every lazy route's screen gets it (./lazy-route.ts), so no screen wraps itself.
 */
export function withScreenEnvironment(Screen: ComponentType): ComponentType {
  function ScreenEnvironment() {
    const data: unknown = useLoaderData();
    return isPreloadedQuery(data) ? (
      <RelayEnvironmentProvider environment={data.environment}>
        <Screen />
      </RelayEnvironmentProvider>
    ) : (
      <Screen />
    );
  }
  return ScreenEnvironment;
}
