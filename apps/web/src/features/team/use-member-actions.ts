import type { Member, MemberPatch, Role } from '@fieldplan/shared';
import { useToast } from '../../components/use-toast';
import { useUpdateMemberMutation } from '../../entities/member/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';

/** The owner's changes to a member, each with its toast (and Undo where it can be undone). */
export function useMemberActions() {
  const { workspaceId, membership } = useWorkspace();
  const [update] = useUpdateMemberMutation();
  const toast = useToast();
  const intl = useIntl();

  const change = async (member: Member, patch: MemberPatch, done?: string, undo?: MemberPatch): Promise<boolean> => {
    try {
      const self = member.id === membership.memberId;
      await update({ workspaceId, memberId: member.id, patch, self }).unwrap();
      if (done) {
        toast({
          tone: 'success',
          message: done,
          ...(undo && {
            action: {
              label: intl.formatMessage({ id: 'team.toast.undo' }),
              onClick: () => void change({ ...member, ...patch }, undo),
            },
          }),
        });
      }
      return true;
    } catch (error) {
      toast({ tone: 'error', message: problemMessage(toProblem(error)) });
      return false;
    }
  };

  return {
    setRole: (member: Member, role: Role) =>
      change(member, { role }, intl.formatMessage({ id: 'team.toast.roleChanged' }, { name: member.name, role }), {
        role: member.role,
      }),
    setColour: (member: Member, colour: string) => change(member, { colour }),
    setActive: (member: Member, active: boolean) =>
      change(
        member,
        { active },
        active
          ? intl.formatMessage({ id: 'team.toast.reactivated' }, { name: member.name })
          : intl.formatMessage({ id: 'team.toast.deactivated' }, { name: member.name }),
        { active: !active },
      ),
  };
}
