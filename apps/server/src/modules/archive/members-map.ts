import type { ArchiveLine } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MemberPlan {
  /** Archive member id → the new membership's id. */
  ids: Map<string, string>;
  /** Memberships to create (the uploader's own is made with the workspace). */
  memberships: { id: string; userId: string; line: ArchiveLine<'members'> }[];
  /** Archive members with no account here. */
  unmatched: ArchiveLine<'members'>[];
}

/**
 * Who the archive's members become (docs/adr/0035-export-and-workspace-archive.md): the member with
 * the uploader's email is the uploader (owner of the new workspace); a member whose email has an
 * account here joins deactivated — nobody gains access to data they never agreed to hold until the
 * owner turns them on under Team; a member with no account here is left out, their visits unassigned.
 */
export async function planMembers(
  db: Kysely<Database>,
  lines: ArchiveLine<'members'>[],
  uploader: { userId: string; email: string; memberId: string },
  newId: () => string,
): Promise<MemberPlan> {
  const plan: MemberPlan = { ids: new Map(), memberships: [], unmatched: [] };
  const emails = [...new Set(lines.map((m) => m.email).filter((e) => e !== uploader.email))];
  const users = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', emails.slice(i, i + 500))
      .execute();
    for (const u of rows) users.set(u.email, u.id);
  }
  const joined = new Set<string>();
  for (const line of lines) {
    if (line.email === uploader.email) {
      plan.ids.set(line.id, uploader.memberId);
      continue;
    }
    const userId = users.get(line.email);
    if (!userId || joined.has(userId)) {
      if (!userId) plan.unmatched.push(line);
      continue;
    }
    joined.add(userId);
    const id = newId();
    plan.ids.set(line.id, id);
    plan.memberships.push({ id, userId, line });
  }
  return plan;
}
