import type { ArchiveLine } from '@fieldplan/shared';

export interface MemberPlan {
  /** Archive member id → the new membership's id (only the uploader has one). */
  ids: Map<string, string>;
  /** Every other member, once per email: each becomes a pending invitation. */
  invited: ArchiveLine<'members'>[];
}

/**
 * Who the archive's members become (docs/adr/0035-export-and-workspace-archive.md): the member with
 * the uploader's email is the uploader (owner of the new workspace); everyone else is invited by email.
 * Accounts are deliberately not looked up: a restore must not tell anyone which emails have an account
 * here (docs/adr/0014-no-account-enumeration.md), and nobody joins a workspace without accepting.
 */
export function planMembers(
  lines: ArchiveLine<'members'>[],
  uploader: { email: string; memberId: string },
): MemberPlan {
  const plan: MemberPlan = { ids: new Map(), invited: [] };
  const invitedEmails = new Set<string>();
  for (const line of lines) {
    if (line.email === uploader.email) {
      plan.ids.set(line.id, uploader.memberId);
    } else if (!invitedEmails.has(line.email)) {
      invitedEmails.add(line.email);
      plan.invited.push(line);
    }
  }
  return plan;
}
