import { Navigate } from 'react-router';
import { useGetMeQuery } from '../../entities/session/endpoints';
import { toProblem } from '../../lib/problem';
import { ShellSkeleton } from '../shell';
import { LoadFailed } from './LoadFailed';
import { NoWorkspacePage } from './NoWorkspacePage';

/** `/`: your first workspace, or the sign-in page. */
export function HomeRedirect() {
  const { data: me, error, isLoading, refetch } = useGetMeQuery();
  if (isLoading) return <ShellSkeleton />;
  if (!me) {
    const problem = toProblem(error);
    if (problem.status === 401) return <Navigate to="/login" replace />;
    return <LoadFailed problem={problem} onRetry={refetch} />;
  }
  const first = me.memberships[0];
  if (!first) return <NoWorkspacePage name={me.user.name} />;
  // Technicians on a phone start their day on my day; everyone else on the overview.
  const phone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 700px)').matches;
  const start = first.role === 'technician' && phone ? '/my-day' : '';
  return <Navigate to={`/w/${first.workspaceSlug}${start}`} replace />;
}
