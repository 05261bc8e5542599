import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  type ArchiveFile,
  type ArchiveManifest,
  archiveFiles,
  archiveFormat,
  type archiveLimits,
  archiveLineSchemas,
  archiveManifestSchema,
} from '@fieldplan/shared';
import yauzl from 'yauzl';
import { AppError } from '../../errors/app-error.js';
import { inEnglish, type LocalText, text, textedFieldError } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';

// Why an archive is not restored, in the caller's language (docs/adr/0035-export-and-workspace-archive.md).
const restoreRefusals = defineMessages({
  cannotRestore: { id: 'problems.archive.cannotRestore' },
  notZip: { id: 'problems.archive.notZip' },
  tooManyFiles: { id: 'problems.archive.tooManyFiles' },
  unknownFile: { id: 'problems.archive.unknownFile' },
  twice: { id: 'problems.archive.fileTwice' },
  unpacksTooLarge: { id: 'problems.archive.unpacksTooLarge' },
  ratio: { id: 'problems.archive.ratio' },
  noManifest: { id: 'problems.archive.noManifest' },
  damaged: { id: 'problems.archive.damaged' },
  manifestLarge: { id: 'problems.archive.manifestTooLarge' },
  manifestJson: { id: 'problems.archive.manifestNotJson' },
  version: { id: 'problems.archive.version' },
  entryDamaged: { id: 'problems.archive.entryDamaged' },
  noWorkspace: { id: 'problems.archive.noWorkspace' },
  lineLong: { id: 'problems.archive.lineTooLong' },
  lineJson: { id: 'problems.archive.lineNotJson' },
});

/** A restore's limits; tests shrink them to prove each refusal. */
export type ArchiveLimits = Pick<typeof archiveLimits, 'entries' | 'unpackedBytes' | 'lineBytes' | 'maxRatio'>;

/** A 400 naming the part of the archive at fault (`customers.jsonl:12 email`). */
export function archiveError(path: string, message: string | LocalText): AppError {
  if (typeof message === 'string') {
    return new AppError('validation_failed', `The archive can't be restored: ${path}: ${message}`, {
      errors: [{ path, message }],
    });
  }
  const english = inEnglish(message);
  const detail: LocalText = (intl) =>
    intl.formatMessage(restoreRefusals.cannotRestore, { path, reason: message(intl) });
  return new AppError(
    'validation_failed',
    `The archive can't be restored: ${path}: ${english}`,
    { errors: [textedFieldError(path, message, english)] },
    detail,
  );
}

export interface OpenArchive {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  manifest: ArchiveManifest;
}

const knownName =
  /^(manifest\.json|[a-z-]+\.jsonl|photos\/[A-Za-z0-9-]{1,64}(\.thumb)?|signatures\/[A-Za-z0-9-]{1,64}\.png)$/;

/**
 * Opens the uploaded zip and checks it before anything is unpacked: entry count, every entry's
 * declared size and ratio (a zip bomb is refused on its central directory; yauzl then refuses any
 * entry whose bytes exceed what it declared), known names only, and the manifest's format and major
 * version (docs/adr/0035-export-and-workspace-archive.md).
 */
export async function openArchive(path: string, limits: ArchiveLimits): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
      // The entries are read after the directory has been walked; restoreArchive closes it.
      autoClose: false,
    });
  } catch {
    throw archiveError('archive', text(restoreRefusals.notZip));
  }
  try {
    if (zip.entryCount > limits.entries) {
      throw new AppError('payload_too_large', text(restoreRefusals.tooManyFiles, { max: String(limits.entries) }));
    }
    const entries = new Map<string, yauzl.Entry>();
    let unpacked = 0;
    for await (const entry of entriesOf(zip)) {
      if (!knownName.test(entry.fileName)) throw archiveError(entry.fileName, text(restoreRefusals.unknownFile));
      if (entries.has(entry.fileName)) throw archiveError(entry.fileName, text(restoreRefusals.twice));
      unpacked += entry.uncompressedSize;
      if (unpacked > limits.unpackedBytes) {
        throw new AppError(
          'payload_too_large',
          text(restoreRefusals.unpacksTooLarge, { max: String(limits.unpackedBytes) }),
        );
      }
      if (
        entry.uncompressedSize > 1024 ** 2 &&
        entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
      ) {
        throw new AppError(
          'payload_too_large',
          text(restoreRefusals.ratio, { file: entry.fileName, ratio: String(limits.maxRatio) }),
        );
      }
      entries.set(entry.fileName, entry);
    }
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw archiveError('manifest.json', text(restoreRefusals.noManifest));
    const manifest = await readManifest(zip, manifestEntry);
    return { zip, entries, manifest };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (entry: yauzl.Entry) => done(() => resolve(entry));
      const onEnd = () => done(() => resolve(null));
      const onError = (error: Error) => done(() => reject(error));
      const done = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    });
    zip.readEntry();
    let entry: yauzl.Entry | null;
    try {
      entry = await next;
    } catch {
      throw archiveError('archive', text(restoreRefusals.damaged));
    }
    if (!entry) return;
    yield entry;
  }
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<ArchiveManifest> {
  if (entry.uncompressedSize > 64 * 1024) throw archiveError('manifest.json', text(restoreRefusals.manifestLarge));
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw archiveError('manifest.json', text(restoreRefusals.manifestJson));
  }
  const parsed = archiveManifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw archiveError(`manifest.json ${issue?.path.join('.') ?? ''}`.trim(), issue?.message ?? 'Invalid manifest');
  }
  const major = Number(parsed.data.version.split('.')[0]);
  if (major !== archiveFormat.major) {
    throw archiveError(
      'manifest.json version',
      text(restoreRefusals.version, { version: parsed.data.version, major: String(archiveFormat.major) }),
    );
  }
  return parsed.data;
}

export async function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry);
  } catch {
    throw archiveError(entry.fileName, text(restoreRefusals.entryDamaged));
  }
}

/** Every line of `<file>.jsonl`, each checked with its shared schema; the first bad one is a 400 naming it. */
export async function readLines<F extends ArchiveFile>(
  archive: OpenArchive,
  file: F,
  limits: ArchiveLimits,
): Promise<import('zod').infer<(typeof archiveLineSchemas)[F]>[]> {
  const name = `${file}.jsonl`;
  const entry = archive.entries.get(name);
  if (!entry) {
    if (file === 'workspace') throw archiveError(name, text(restoreRefusals.noWorkspace));
    return [];
  }
  const schema = archiveLineSchemas[file];
  const out: import('zod').infer<(typeof archiveLineSchemas)[F]>[] = [];
  const stream = await openEntry(archive.zip, entry);
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (line === '') continue;
      if (Buffer.byteLength(line) > limits.lineBytes)
        throw archiveError(`${name}:${number}`, text(restoreRefusals.lineLong, { max: String(limits.lineBytes) }));
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw archiveError(`${name}:${number}`, text(restoreRefusals.lineJson));
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') ?? '';
        throw archiveError(`${name}:${number}${field ? ` ${field}` : ''}`, issue?.message ?? 'Invalid line');
      }
      out.push(parsed.data as import('zod').infer<(typeof archiveLineSchemas)[F]>);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw archiveError(name, text(restoreRefusals.entryDamaged));
  } finally {
    stream.destroy();
  }
  return out;
}

export const archiveFileOrder = archiveFiles;
