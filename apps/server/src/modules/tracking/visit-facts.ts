import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { visitOfJob } from '../jobs/index.js';
import { findMember } from '../members/index.js';
import type { LinkRow } from './queries.js';

/**
 * The visit as the page shows it: the job's status and times and its site (from jobs), the
 * technician's name and colour (from members). Undefined once either is gone.
 */
export async function visitFacts(db: Kysely<Database>, link: LinkRow) {
  const [visit, member] = await Promise.all([
    visitOfJob(db, link.workspace_id, link.job_id, link.occurrence_key),
    findMember(db, link.workspace_id, link.member_id),
  ]);
  if (!visit || !member) return undefined;
  return { ...visit, name: member.name, colour: member.colour, deactivated_at: member.deactivated_at };
}

export type VisitFacts = NonNullable<Awaited<ReturnType<typeof visitFacts>>>;
