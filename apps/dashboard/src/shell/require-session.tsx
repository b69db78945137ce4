import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type Session, useSession } from '../api/session';
import { PageStatus } from './page-status';

/** Renders `children` with the session; a signed-out visitor goes to /auth and comes back here after signing in. */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageStatus>Loading your account…</PageStatus>;
  if (session.isError) return <PageStatus error>Could not load your account. Reload the page to try again.</PageStatus>;
  if (!session.data) return <Navigate to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children(session.data);
}
