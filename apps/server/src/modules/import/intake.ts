import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { importLimits } from '@fieldplan/shared';
import { AppError, fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooManyColumns: { id: 'problems.import.tooManyColumns' },
  tooLarge: { id: 'problems.import.tooLarge' },
  unsupported: { id: 'problems.import.unsupported' },
});

export interface StoredUpload {
  filePath: string;
  bytes: number;
  /** sha256 of the bytes, hex. */
  hash: string;
}

/**
 * Where uploaded files wait for their import: under STORAGE_DIR when set, so another process can
 * resume it. Made with the first upload, so an instance that never imports writes nothing there.
 */
export function importDir(storageDir: string | undefined): string {
  return path.join(storageDir ?? os.tmpdir(), 'imports');
}

export const tooLarge = (fileName: string) =>
  new AppError(
    'payload_too_large',
    text(refusals.tooLarge, { file: fileName, max: String(importLimits.maxBytes / 1024 / 1024) }),
  );

/** Why a file wider than `importLimits.maxColumns` is not imported (its mapping could not be stored). */
export const tooManyColumnsMessage = (fileName: string, columns: number) =>
  `${fileName} has ${columns} columns; an import reads at most ${importLimits.maxColumns}: remove the columns you don't need and upload it again`;

/** 400 on `file`, like every problem of the file as a whole; nothing is kept. */
export const tooManyColumns = (fileName: string, columns: number) =>
  fieldError(
    'file',
    text(refusals.tooManyColumns, { file: fileName, columns: String(columns), max: String(importLimits.maxColumns) }),
    tooManyColumnsMessage(fileName, columns),
  );

/**
 * Streams the request body to a file, hashing it; past `importLimits.maxBytes` the file is removed and
 * the answer is 413 naming it (nothing is kept of a refused upload).
 */
export async function storeUpload(body: Readable, dir: string, fileName: string): Promise<StoredUpload> {
  await fs.promises.mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `${newId()}.upload`);
  const out = fs.createWriteStream(filePath);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      if (bytes > importLimits.maxBytes) throw tooLarge(fileName);
      hash.update(buf);
      if (!out.write(buf)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return { filePath, bytes, hash: hash.digest('hex') };
  } catch (err) {
    out.destroy();
    fs.rmSync(filePath, { force: true });
    // The client may still be sending: the rest of the body is drained, not read into memory.
    body.resume();
    throw err;
  }
}

/** What the first bytes say the file is: an xlsx (a zip), text (CSV), or something else. */
export function sniffFormat(filePath: string): 'xlsx' | 'csv' | null {
  const fd = fs.openSync(filePath, 'r');
  try {
    const head = Buffer.alloc(8192);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const bytes = head.subarray(0, n);
    if (n >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'xlsx';
    // UTF-16 text has NULs but starts with its byte-order mark.
    if (n >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return 'csv';
    if (n === 0) return 'csv';
    let control = 0;
    for (const b of bytes) {
      if (b === 0) return null;
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
    }
    // Binaries (PDF streams, images, old .xls) have many control bytes; text has next to none.
    return control > n / 100 ? null : 'csv';
  } finally {
    fs.closeSync(fd);
  }
}

export const unsupportedFile = (fileName: string) =>
  new AppError('unsupported_media_type', text(refusals.unsupported, { file: fileName }));
