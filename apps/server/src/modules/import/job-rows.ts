import { customerCreateSchema, type JobStatus, jobLimits, type RowProblem, toOneLine } from '@fieldplan/shared';
import { composeAddress, decimal, mappedValues } from './customer-rows.js';
import { atWall, dayOf, type Moment, parseClock, parseMoment } from './job-time.js';

/** The technicians a row may name, by lower-cased email and name. */
export interface Technicians {
  byEmail: Map<string, string>;
  byName: Map<string, string>;
}

/** A job row read through the mapping: what will be saved, or the problems that refuse it. */
export interface JobRowDraft {
  row: number;
  values: Record<string, string>;
  problems: RowProblem[];
  sourceId: string | null;
  /** The customer the row names (to match or create), or null. */
  customer: { name: string; email: string; phone: string } | null;
  /** What refuses the row if its customer has to be created (the customer form's rules). */
  customerProblems: RowProblem[];
  input: {
    title: string;
    description: string;
    address: string;
    lat: number | null;
    lng: number | null;
    start: number | null;
    end: number | null;
    status: JobStatus | null;
    priority: number;
    assigneeIds: string[];
  } | null;
}

/** Status words of field-service exports in English and German (docs/PRODUCT.md, "Import"). */
const statusWords: Record<string, JobStatus> = {};
const words: [JobStatus, string[]][] = [
  [
    'scheduled',
    [
      'scheduled',
      'planned',
      'upcoming',
      'assigned',
      'booked',
      'open',
      'active',
      'geplant',
      'eingeplant',
      'offen',
      'terminiert',
      'zugewiesen',
    ],
  ],
  [
    'unscheduled',
    [
      'unscheduled',
      'unassigned',
      'to be scheduled',
      'needs scheduling',
      'draft',
      'nicht geplant',
      'ungeplant',
      'entwurf',
    ],
  ],
  [
    'completed',
    [
      'completed',
      'complete',
      'done',
      'finished',
      'closed',
      'requires invoicing',
      'invoiced',
      'paid',
      'erledigt',
      'abgeschlossen',
      'fertig',
      'beendet',
      'erledigt',
    ],
  ],
  ['cancelled', ['cancelled', 'canceled', 'archived', 'void', 'storniert', 'abgesagt', 'abgebrochen', 'annulliert']],
];
for (const [status, list] of words) for (const w of list) statusWords[w] = status;

const maxMinutes = 14 * 24 * 60;

/** Start and end from the row's date/time columns, in the workspace's zone when no offset is given. */
function timesOf(mapped: Record<string, string>, zone: string, problems: RowProblem[], row: number) {
  // A file with one "Beginn" column holding date and time: that column is the start.
  const v = !mapped.start && mapped.startTime ? { ...mapped, start: mapped.startTime, startTime: '' } : mapped;
  const bad = (field: string, message: string) => {
    problems.push({ row, field, message });
    return { start: null, end: null };
  };
  if (!v.start && !v.startTime && !v.end && !v.endTime) return { start: null, end: null };
  const start = v.start ? parseMoment(v.start, zone) : null;
  if (v.start && !start) return bad('start', `Start "${v.start}" is not a date or date and time`);
  let startMs: number;
  if (start?.kind === 'instant') startMs = start.ms;
  else if (start?.kind === 'day') {
    const clock = v.startTime ? parseClock(v.startTime) : null;
    if (clock === null) {
      return v.startTime
        ? bad('startTime', `Start time "${v.startTime}" is not a time`)
        : bad('startTime', 'Give a start time for a job with a start date (or leave the date out: unscheduled)');
    }
    startMs = atWall(zone, start.day, clock);
  } else return bad('start', 'Give a start date for a job with a time');
  const duration = v.duration ? decimal(v.duration) : null;
  if (duration !== null && !(duration > 0 && duration <= maxMinutes)) {
    return bad('duration', `Duration "${v.duration}" must be minutes between 1 and ${maxMinutes}`);
  }
  const endText = v.end || v.endTime;
  let endMs: number;
  if (endText) {
    const end: Moment | null = parseMoment(endText, zone);
    const field = v.end ? 'end' : 'endTime';
    if (!end || end.kind === 'day') return bad(field, `End "${endText}" is not a date and time or a time`);
    endMs = end.kind === 'instant' ? end.ms : atWall(zone, dayOf(zone, startMs), end.minutes);
  } else endMs = startMs + (duration ?? 60) * 60_000;
  if (endMs <= startMs) return bad(v.end ? 'end' : 'endTime', `End "${endText}" is not after the start`);
  return { start: startMs, end: endMs };
}

/** The job a row describes, checked as the job form checks (title, times, technician, place). */
export function jobDraft(
  row: number,
  cells: readonly string[],
  mapping: readonly (string | null)[],
  zone: string,
  technicians: Technicians,
): JobRowDraft {
  const v = mappedValues(cells, mapping);
  const problems: RowProblem[] = [];
  // One-line fields as the shared schemas make them (docs/PRODUCT.md, "Validation rules").
  const title = toOneLine(v.title ?? '').trim();
  if (!title) problems.push({ row, field: 'title', message: 'Title is required' });
  else if (title.length > jobLimits.titleMax) {
    problems.push({ row, field: 'title', message: `Title must be at most ${jobLimits.titleMax} characters` });
  }
  const { start, end } = timesOf(v, zone, problems, row);
  let status: JobStatus | null = null;
  if (v.status) {
    status = statusWords[v.status.toLowerCase().replace(/[_-]+/g, ' ').trim()] ?? null;
    if (!status) problems.push({ row, field: 'status', message: `Status "${v.status}" is not one this app knows` });
  }
  const assigneeIds: string[] = [];
  for (const who of (v.assignee ?? '')
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const id = technicians.byEmail.get(who.toLowerCase()) ?? technicians.byName.get(who.toLowerCase());
    if (!id) problems.push({ row, field: 'assignee', message: `Technician "${who}" is not an active technician here` });
    else if (!assigneeIds.includes(id)) assigneeIds.push(id);
  }
  let priority = 3;
  if (v.priority) {
    priority = Number(v.priority);
    if (!Number.isInteger(priority) || priority < 1 || priority > 5) {
      problems.push({ row, field: 'priority', message: `Priority "${v.priority}" must be a whole number from 1 to 5` });
    }
  }
  let lat: number | null = null;
  let lng: number | null = null;
  if (v.lat || v.lng) {
    lat = decimal(v.lat ?? '');
    lng = decimal(v.lng ?? '');
    if (Number.isNaN(lat) || Math.abs(lat) > 90)
      problems.push({ row, field: 'lat', message: `Latitude "${v.lat ?? ''}" is not a latitude` });
    if (Number.isNaN(lng) || Math.abs(lng) > 180)
      problems.push({ row, field: 'lng', message: `Longitude "${v.lng ?? ''}" is not a longitude` });
  }
  const address = toOneLine(composeAddress(v)).trim();
  const email = (v.customerEmail ?? '').split(/[,;\n]/)[0]?.trim() ?? '';
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    problems.push({ row, field: 'customerEmail', message: `Customer email "${email}" is not an email address` });
  }
  const customerName = toOneLine(v.customer ?? '').trim();
  // Phone numbers are written with / or . in German and US exports; the customer form takes spaces.
  const phone = (v.customerPhone ?? '').replace(/[/.]/g, ' ').replace(/\s+/g, ' ').trim();
  const customer = customerName || email ? { name: customerName || email, email, phone } : null;
  const customerProblems: RowProblem[] = [];
  if (customer) {
    const candidate = { ...customer, email: email || null, phone: phone || null, address, notes: '', lat: 0, lng: 0 };
    const checked = customerCreateSchema.safeParse(candidate);
    const fieldOf: Record<string, string> = { name: 'customer', email: 'customerEmail', phone: 'customerPhone' };
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = fieldOf[String(issue.path[0])] ?? 'address';
      if (!customerProblems.some((p) => p.field === field))
        customerProblems.push({ row, field, message: issue.message });
    }
  }
  if (address.length > jobLimits.addressMax) {
    problems.push({ row, field: 'address', message: `Address must be at most ${jobLimits.addressMax} characters` });
  }
  if ((v.notes ?? '').length > jobLimits.descriptionMax) {
    problems.push({ row, field: 'notes', message: `Notes must be at most ${jobLimits.descriptionMax} characters` });
  }
  const values = {
    title,
    customer: customer?.name ?? '',
    address,
    start: start === null ? '' : new Date(start).toISOString(),
    end: end === null ? '' : new Date(end).toISOString(),
    status: status ?? '',
    assignee: v.assignee ?? '',
    notes: v.notes ?? '',
  };
  const input =
    problems.length === 0
      ? { title, description: v.notes ?? '', address, lat, lng, start, end, status, priority, assigneeIds }
      : null;
  return { row, values, problems, sourceId: v.sourceId || null, customer, customerProblems, input };
}
