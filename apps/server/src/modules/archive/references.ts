import type { ArchiveFile, ArchiveLine } from '@fieldplan/shared';
import { archiveError, type OpenArchive } from './read.js';

export type Lines = { [F in ArchiveFile]: ArchiveLine<F>[] };

function uniqueIds(file: ArchiveFile, rows: readonly { id: string }[]): Set<string> {
  const ids = new Set<string>();
  rows.forEach((row, i) => {
    if (ids.has(row.id)) throw archiveError(`${file}.jsonl:${i + 1} id`, `Id ${row.id} is used twice`);
    ids.add(row.id);
  });
  return ids;
}

/** What the tables hold once per visit (their unique indexes) is refused here, named, not as a failed insert. */
function onePer<T>(file: ArchiveFile, rows: readonly T[], key: (row: T) => string, message: string): void {
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
  if (lines.workspace.length !== 1)
    throw archiveError('workspace.jsonl', 'The workspace file must hold exactly one line');
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
      throw archiveError(`jobs.jsonl:${i + 1} customerId`, `Customer ${j.customerId} is not in the archive`);
    }
  });
  const visitFiles = ['job-checklists', 'notes', 'checklists', 'signatures', 'status-times', 'photos'] as const;
  for (const file of visitFiles) {
    (lines[file] as { jobId: string }[]).forEach((row, i) => {
      if (!jobs.has(row.jobId))
        throw archiveError(`${file}.jsonl:${i + 1} jobId`, `Job ${row.jobId} is not in the archive`);
    });
  }
  lines['job-checklists'].forEach((row, i) => {
    if (!templates.has(row.templateId)) {
      throw archiveError(
        `job-checklists.jsonl:${i + 1} templateId`,
        `Template ${row.templateId} is not in the archive`,
      );
    }
  });
  onePer(
    'job-checklists',
    lines['job-checklists'],
    (r) => `${r.jobId}:${r.templateId}`,
    'This template is attached twice',
  );
  lines.jobs.forEach((j, i) => {
    if (new Set(j.exceptions.map((e) => e.occurrenceKey)).size !== j.exceptions.length) {
      throw archiveError(`jobs.jsonl:${i + 1} exceptions`, 'An occurrence has two exceptions');
    }
  });
  onePer(
    'checklists',
    lines.checklists,
    (c) => `${c.jobId}:${c.occurrenceKey}:${c.templateId}`,
    'This visit already has this checklist',
  );
  onePer('signatures', lines.signatures, (s) => `${s.jobId}:${s.occurrenceKey}`, 'This visit already has a signature');
  lines.photos.forEach((p) => {
    for (const name of [`photos/${p.id}`, `photos/${p.id}.thumb`]) {
      const entry = archive.entries.get(name);
      if (!entry) throw archiveError(name, 'The photo file is missing');
      const expected = name.endsWith('.thumb') ? p.thumbBytes : p.size;
      if (entry.uncompressedSize !== expected)
        throw archiveError(name, `The file has ${entry.uncompressedSize} bytes, its line says ${expected}`);
    }
  });
  lines.signatures.forEach((s) => {
    if (!archive.entries.has(`signatures/${s.id}.png`))
      throw archiveError(`signatures/${s.id}.png`, 'The signature image is missing');
  });
}
