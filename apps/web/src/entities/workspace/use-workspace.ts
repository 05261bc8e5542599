import { useContext } from 'react';
import { type CurrentWorkspace, WorkspaceContext } from './workspace-context';

/** The current workspace and your membership of it; only inside `/w/:slug`. */
export function useWorkspace(): CurrentWorkspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace is only available inside a workspace route');
  return value;
}
