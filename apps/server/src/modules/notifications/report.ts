import { type ChecklistItem, type Clock, formatLongDay, formatTime } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineMessages, intlFor } from '../../i18n/index.js';
import { findCustomer } from '../customers/index.js';
import { loadJob } from '../jobs/index.js';
import { findMember } from '../members/index.js';
import { visitSummaries, visitSummaryKey } from '../work-record/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { visitOf, windowText } from './compose.js';
import { escapeHtml } from './render.js';

/**
 * What the customer's report shows of a completed visit (docs/adr/0029, "Report links"): the
 * company, when, the technician's first name, arrival and completion times, the checklists with
 * their answers and who signed. Not the office's notes (they are written for the office), not photos,
 * not the price or anything of other visits. Null when the visit is not (or no longer) completed.
 */
export interface VisitReport {
  /** The customer's language, else the workspace's (docs/adr/0042-languages.md). */
  language: string;
  company: string;
  window: string;
  technician: string | null;
  arrived: string | null;
  completed: string | null;
  checklists: { name: string; lines: { label: string; answer: string }[] }[];
  signedBy: { name: string; at: string } | null;
}

const words = defineMessages({
  yes: { id: 'notifications.report.yes' },
  no: { id: 'notifications.report.no' },
  title: { id: 'notifications.report.title' },
  visit: { id: 'notifications.report.visit' },
  technician: { id: 'notifications.report.technician' },
  arrived: { id: 'notifications.report.arrived' },
  completed: { id: 'notifications.report.completed' },
  signed: { id: 'notifications.report.signed' },
});

function answerText(item: ChecklistItem, value: unknown, language: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (item.kind === 'check') return intlFor(language).formatMessage(value === true ? words.yes : words.no);
  if (item.kind === 'number') return `${String(value)}${item.unit ? ` ${item.unit}` : ''}`;
  return String(value);
}

export async function visitReport(
  db: Kysely<Database>,
  jobId: string,
  occurrenceKey: number,
): Promise<VisitReport | null> {
  const owner = await db.selectFrom('jobs').select('workspace_id').where('id', '=', jobId).executeTakeFirst();
  const job = owner ? await loadJob(db, owner.workspace_id, jobId) : undefined;
  const workspace = owner ? await findWorkspace(db, owner.workspace_id) : undefined;
  if (!owner || !job || !workspace) return null;
  if ((job.row.rrule === null) !== (occurrenceKey === 0)) return null;
  const visit = visitOf(job, occurrenceKey);
  if (visit.status !== 'completed') return null;
  const workspaceId = owner.workspace_id;
  const customer = job.row.customer_id ? await findCustomer(db, workspaceId, job.row.customer_id) : undefined;
  const language = customer?.language ?? workspace.language;
  const clock: Clock = {
    timeZone: workspace.time_zone,
    timeFormat: workspace.time_format as Clock['timeFormat'],
    dateFormat: workspace.date_format as Clock['dateFormat'],
    language,
  };
  // The work record's tables, read here for the customer's view (its module serves the office's).
  const ofVisit = { workspace_id: workspaceId, job_id: jobId, occurrence_key: occurrenceKey };
  const times = await db
    .selectFrom('visit_status_times')
    .select(['status', 'at'])
    .where((eb) => eb.and(ofVisit))
    .execute();
  const timeOf = (status: string) => {
    const at = times.find((t) => t.status === status)?.at;
    return at === undefined ? null : `${formatLongDay(Number(at), clock)}, ${formatTime(Number(at), clock)}`;
  };
  const signature = await db
    .selectFrom('visit_signatures')
    .select(['name', 'signed_at'])
    .where((eb) => eb.and(ofVisit))
    .executeTakeFirst();
  const summary = (await visitSummaries(db, workspaceId, [jobId])).get(visitSummaryKey(jobId, occurrenceKey));
  const techId = visit.assigneeIds[0];
  const technician = techId ? await findMember(db, workspaceId, techId) : undefined;
  return {
    language,
    company: workspace.name,
    window: windowText(job, visit, clock),
    technician: technician ? (technician.name.trim().split(/\s+/)[0] ?? null) : null,
    arrived: timeOf('in_progress'),
    completed: timeOf('completed'),
    checklists: (summary?.checklists ?? []).map((c) => ({
      name: c.name,
      lines: c.items.map((item) => ({ label: item.label, answer: answerText(item, c.answers[item.id], language) })),
    })),
    signedBy: signature
      ? {
          name: signature.name,
          at: `${formatLongDay(Number(signature.signed_at), clock)}, ${formatTime(Number(signature.signed_at), clock)}`,
        }
      : null,
  };
}

/** The report as a page in its language: every value escaped (customer and office text is text, never HTML). */
export function reportPage(report: VisitReport): string {
  const e = escapeHtml;
  const intl = intlFor(report.language);
  const say = (message: (typeof words)[keyof typeof words], values?: Record<string, string>) =>
    e(intl.formatMessage(message, values));
  const row = (label: string, value: string | null) => (value ? `<dt>${label}</dt><dd>${e(value)}</dd>` : '');
  const lists = report.checklists
    .map(
      (c) =>
        `<h2>${e(c.name)}</h2>\n<ul>\n${c.lines.map((l) => `<li>${e(l.label)}: <strong>${e(l.answer)}</strong></li>`).join('\n')}\n</ul>`,
    )
    .join('\n');
  const signed = report.signedBy
    ? `<p>${say(words.signed, { name: report.signedBy.name, at: report.signedBy.at })}</p>`
    : '';
  return `<!doctype html>
<html lang="${e(intl.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${say(words.title)} — ${e(report.company)}</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${say(words.title)}</h1>
<p>${e(report.company)}</p>
<dl>${row(say(words.visit), report.window)}${row(say(words.technician), report.technician)}${row(say(words.arrived), report.arrived)}${row(say(words.completed), report.completed)}</dl>
${lists}
${signed}
</body></html>
`;
}
