import type { ReactNode } from 'react';
import NotFoundPage from './NotFoundPage';
import { useShell } from '../shell';

/** A player's page: a guest sees not-found, which says nothing about what is there. */
export function Protected({ children }: { children: ReactNode }) {
  return useShell().signedIn ? <>{children}</> : <NotFoundPage />;
}
