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

/** A restore's limits; tests shrink them to prove each refusal. */
export type ArchiveLimits = Pick<typeof archiveLimits, 'entries' | 'unpackedBytes' | 'lineBytes' | 'maxRatio'>;

/** A 400 naming the part of the archive at fault (`customers.jsonl:12 email`). */
export function archiveError(path: string, message: string): AppError {
  return new AppError('validation_failed', `The archive can't be restored: ${path}: ${message}`, {
    errors: [{ path, message }],
  });
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
    throw archiveError('archive', 'This is not a readable zip file');
  }
  try {
    if (zip.entryCount > limits.entries) {
      throw new AppError('payload_too_large', `The archive holds more than ${limits.entries} files`);
    }
    const entries = new Map<string, yauzl.Entry>();
    let unpacked = 0;
    for await (const entry of entriesOf(zip)) {
      if (!knownName.test(entry.fileName))
        throw archiveError(entry.fileName, 'This file does not belong in an archive');
      if (entries.has(entry.fileName)) throw archiveError(entry.fileName, 'This file is in the archive twice');
      unpacked += entry.uncompressedSize;
      if (unpacked > limits.unpackedBytes) {
        throw new AppError('payload_too_large', `The archive unpacks to more than ${limits.unpackedBytes} bytes`);
      }
      if (
        entry.uncompressedSize > 1024 ** 2 &&
        entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
      ) {
        throw new AppError(
          'payload_too_large',
          `${entry.fileName} unpacks to more than ${limits.maxRatio} times its size`,
        );
      }
      entries.set(entry.fileName, entry);
    }
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw archiveError('manifest.json', 'The archive has no manifest');
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
      throw archiveError('archive', 'The zip file is damaged');
    }
    if (!entry) return;
    yield entry;
  }
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<ArchiveManifest> {
  if (entry.uncompressedSize > 64 * 1024) throw archiveError('manifest.json', 'The manifest is too large');
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw archiveError('manifest.json', 'The manifest is not JSON');
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
      `Format version ${parsed.data.version} is not supported: this Fieldplan reads version ${archiveFormat.major}.x`,
    );
  }
  return parsed.data;
}

export async function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry);
  } catch {
    throw archiveError(entry.fileName, 'This file of the zip is damaged');
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
    if (file === 'workspace') throw archiveError(name, 'The archive has no workspace');
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
        throw archiveError(`${name}:${number}`, `The line is longer than ${limits.lineBytes} bytes`);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw archiveError(`${name}:${number}`, 'The line is not JSON');
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
    throw archiveError(name, 'This file of the zip is damaged');
  } finally {
    stream.destroy();
  }
  return out;
}

export const archiveFileOrder = archiveFiles;
