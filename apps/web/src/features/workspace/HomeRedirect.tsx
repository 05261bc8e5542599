import { Navigate } from 'react-router';
import { useGetMeQuery } from '../../entities/session/endpoints';
import { landingPath } from '../../entities/session/landing-path';
import { toProblem } from '../../lib/problem';
import { ShellSkeleton } from '../shell';
import { LoadFailed } from './LoadFailed';
import { NoWorkspacePage } from './NoWorkspacePage';

/** `/`: your landing page in your first workspace (landing-path.ts), or the sign-in page. */
export function HomeRedirect() {
  const { data: me, error, isLoading, refetch } = useGetMeQuery();
  if (isLoading) return <ShellSkeleton />;
  if (!me) {
    const problem = toProblem(error);
    if (problem.status === 401) return <Navigate to="/login" replace />;
    return <LoadFailed problem={problem} onRetry={refetch} />;
  }
  if (me.memberships.length === 0) return <NoWorkspacePage name={me.user.name} />;
  return <Navigate to={landingPath(me)} replace />;
}
