import type { ReactNode } from 'react';
import NotFoundPage from './NotFoundPage';
import { useLayout } from '../layout-context';

/** A player's page: a guest sees not-found, which says nothing about what is there. */
export function Protected({ children }: { children: ReactNode }) {
  return useLayout().signedIn ? <>{children}</> : <NotFoundPage />;
}
