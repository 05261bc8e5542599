import { can, type Member, type Workspace } from '@fieldplan/shared';
import { useCallback, useState } from 'react';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { OptimiseDayDialog } from './OptimiseDayDialog';

/**
 * "Optimise day" for a technician row: `open(memberId)` shows the dialog for `date`. `open` is
 * undefined for roles that can't change the schedule, so the action isn't offered at all.
 */
export function useOptimiseDay(settings: Workspace, members: readonly Member[], date: string) {
  const { workspaceId, role } = useWorkspace();
  const [memberId, setMemberId] = useState<string | null>(null);
  const open = useCallback((id: string) => setMemberId(id), []);
  const close = useCallback(() => setMemberId(null), []);
  const member = memberId ? members.find((m) => m.id === memberId) : undefined;
  const dialog = member ? (
    <OptimiseDayDialog
      key={`${member.id}|${date}`}
      workspaceId={workspaceId}
      member={member}
      date={date}
      zone={settings.timeZone}
      onClose={close}
    />
  ) : null;
  return { open: can(role, 'schedule.write') ? open : undefined, dialog };
}
