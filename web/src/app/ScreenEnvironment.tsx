import type { ReactNode } from 'react';
import { RelayEnvironmentProvider, type PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';

/**
 * A screen renders with the environment its loader loaded into: after a sign-in or sign-out the frame may still
 * show the previous session's environment for a moment, and a screen must never read its data from that one.
 */
export function ScreenEnvironment<T extends OperationType>({
  queryRef,
  children,
}: {
  queryRef: PreloadedQuery<T>;
  children: ReactNode;
}) {
  return <RelayEnvironmentProvider environment={queryRef.environment}>{children}</RelayEnvironmentProvider>;
}
