import { useMemo } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useGetMeQuery } from '../../entities/session/endpoints';
import { loginPath } from '../../entities/session/login-path';
import { type CurrentWorkspace, WorkspaceContext } from '../../entities/workspace/workspace-context';
import { toProblem } from '../../lib/problem';
import { NotFoundPage } from '../errors';
import { AppShell, ShellSkeleton } from '../shell';
import { LoadFailed } from './LoadFailed';
import { WorkspaceClock } from './WorkspaceClock';

/**
 * `/w/:slug/*`: signs you in if needed, resolves the slug to one of your workspaces (unknown →
 * not found) and renders the screen inside the app shell.
 */
export function WorkspaceLayout() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { data: me, error, isLoading, refetch } = useGetMeQuery();
  const current = useMemo<CurrentWorkspace | null>(() => {
    const membership = me?.memberships.find((m) => m.workspaceSlug === slug);
    if (!me || !membership) return null;
    return { me, membership, workspaceId: membership.workspaceId, slug, role: membership.role };
  }, [me, slug]);

  if (isLoading) return <ShellSkeleton />;
  if (error) {
    const problem = toProblem(error);
    // Also when an older `me` is still cached: a 401 on refetch means the session is over.
    if (problem.status === 401) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
    if (!me) return <LoadFailed problem={problem} onRetry={refetch} />;
  }
  if (!current) return <NotFoundPage what="workspace" />;
  return (
    <WorkspaceContext.Provider value={current}>
      <WorkspaceClock workspaceId={current.workspaceId}>
        <AppShell>
          <Outlet />
        </AppShell>
      </WorkspaceClock>
    </WorkspaceContext.Provider>
  );
}
