import type { Me, MembershipSummary, Role } from '@fieldplan/shared';
import { createContext } from 'react';

/** The workspace in the URL, resolved from its slug through `/me`. */
export interface CurrentWorkspace {
  me: Me;
  membership: MembershipSummary;
  workspaceId: string;
  slug: string;
  role: Role;
}

export const WorkspaceContext = createContext<CurrentWorkspace | null>(null);
