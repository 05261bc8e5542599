import type { ArchiveFile, ArchiveLine } from '@fieldplan/shared';
import { type LocalText, text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { archiveError, type OpenArchive } from './read.js';

// Why an archive is not restored, in the caller's language (docs/adr/0035-export-and-workspace-archive.md).
const refusals = defineMessages({
  idTwice: { id: 'problems.archive.idTwice' },
  oneWorkspace: { id: 'problems.archive.oneWorkspace' },
  noCustomer: { id: 'problems.archive.noCustomer' },
  noJob: { id: 'problems.archive.noJob' },
  noTemplate: { id: 'problems.archive.noTemplate' },
  templateTwice: { id: 'problems.archive.templateTwice' },
  twoExceptions: { id: 'problems.archive.twoExceptions' },
  checklistTwice: { id: 'problems.archive.checklistTwice' },
  signatureTwice: { id: 'problems.archive.signatureTwice' },
  photoMissing: { id: 'problems.archive.photoMissing' },
  photoSize: { id: 'problems.archive.photoSize' },
  signatureMissing: { id: 'problems.archive.signatureMissing' },
});

export type Lines = { [F in ArchiveFile]: ArchiveLine<F>[] };

function uniqueIds(file: ArchiveFile, rows: readonly { id: string }[]): Set<string> {
  const ids = new Set<string>();
  rows.forEach((row, i) => {
    if (ids.has(row.id)) throw archiveError(`${file}.jsonl:${i + 1} id`, text(refusals.idTwice, { id: row.id }));
    ids.add(row.id);
  });
  return ids;
}

/** What the tables hold once per visit (their unique indexes) is refused here, named, not as a failed insert. */
function onePer<T>(file: ArchiveFile, rows: readonly T[], key: (row: T) => string, message: LocalText): void {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (seen.has(k)) throw archiveError(`${file}.jsonl:${i + 1}`, message);
    seen.add(k);
  });
}

/**
 * Every reference in the archive resolves (an archive is written so that they do): a line pointing at
 * a job, customer, template or file the archive doesn't hold means it was damaged or edited. Members
 * are the exception — who they become is decided on restore (members-map.ts).
 */
export function checkReferences(lines: Lines, archive: OpenArchive): void {
  if (lines.workspace.length !== 1) throw archiveError('workspace.jsonl', text(refusals.oneWorkspace));
  uniqueIds('members', lines.members);
  uniqueIds('areas', lines.areas);
  const customers = uniqueIds('customers', lines.customers);
  const templates = uniqueIds('checklist-templates', lines['checklist-templates']);
  const jobs = uniqueIds('jobs', lines.jobs);
  uniqueIds('notes', lines.notes);
  uniqueIds('checklists', lines.checklists);
  uniqueIds('signatures', lines.signatures);
  uniqueIds('photos', lines.photos);
  lines.jobs.forEach((j, i) => {
    if (j.customerId !== null && !customers.has(j.customerId)) {
      throw archiveError(`jobs.jsonl:${i + 1} customerId`, text(refusals.noCustomer, { id: j.customerId }));
    }
  });
  const visitFiles = ['job-checklists', 'notes', 'checklists', 'signatures', 'status-times', 'photos'] as const;
  for (const file of visitFiles) {
    (lines[file] as { jobId: string }[]).forEach((row, i) => {
      if (!jobs.has(row.jobId))
        throw archiveError(`${file}.jsonl:${i + 1} jobId`, text(refusals.noJob, { id: row.jobId }));
    });
  }
  lines['job-checklists'].forEach((row, i) => {
    if (!templates.has(row.templateId)) {
      throw archiveError(`job-checklists.jsonl:${i + 1} templateId`, text(refusals.noTemplate, { id: row.templateId }));
    }
  });
  onePer('job-checklists', lines['job-checklists'], (r) => `${r.jobId}:${r.templateId}`, text(refusals.templateTwice));
  lines.jobs.forEach((j, i) => {
    if (new Set(j.exceptions.map((e) => e.occurrenceKey)).size !== j.exceptions.length) {
      throw archiveError(`jobs.jsonl:${i + 1} exceptions`, text(refusals.twoExceptions));
    }
  });
  onePer(
    'checklists',
    lines.checklists,
    (c) => `${c.jobId}:${c.occurrenceKey}:${c.templateId}`,
    text(refusals.checklistTwice),
  );
  onePer('signatures', lines.signatures, (s) => `${s.jobId}:${s.occurrenceKey}`, text(refusals.signatureTwice));
  lines.photos.forEach((p) => {
    for (const name of [`photos/${p.id}`, `photos/${p.id}.thumb`]) {
      const entry = archive.entries.get(name);
      if (!entry) throw archiveError(name, text(refusals.photoMissing));
      const expected = name.endsWith('.thumb') ? p.thumbBytes : p.size;
      if (entry.uncompressedSize !== expected)
        throw archiveError(
          name,
          text(refusals.photoSize, { size: String(entry.uncompressedSize), expected: String(expected) }),
        );
    }
  });
  lines.signatures.forEach((s) => {
    if (!archive.entries.has(`signatures/${s.id}.png`))
      throw archiveError(`signatures/${s.id}.png`, text(refusals.signatureMissing));
  });
}
