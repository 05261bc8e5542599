import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooLarge: { id: 'problems.archive.tooLarge' },
  incomplete: { id: 'problems.archive.incomplete' },
  empty: { id: 'problems.archive.empty' },
});

/**
 * The uploaded archive in a temporary file (a zip is read from its end, so it can't be read as it
 * arrives), at most `maxBytes`; the caller removes it with `discard`.
 */
export async function receiveUpload(body: Readable, declared: number | undefined, maxBytes: number): Promise<string> {
  if (declared !== undefined && declared > maxBytes) {
    body.resume();
    throw new AppError('payload_too_large', text(refusals.tooLarge, { max: String(maxBytes) }));
  }
  const file = path.join(tmpdir(), `fieldplan-restore-${randomUUID()}.zip`);
  let received = 0;
  try {
    await pipeline(
      body,
      async function* limit(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          received += chunk.length;
          if (received > maxBytes)
            throw new AppError('payload_too_large', text(refusals.tooLarge, { max: String(maxBytes) }));
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await discard(file);
    throw error instanceof AppError ? error : new AppError('request_timeout', text(refusals.incomplete));
  }
  if (received === 0) {
    await discard(file);
    throw fieldError('archive', text(refusals.empty));
  }
  return file;
}

export async function discard(file: string): Promise<void> {
  await rm(file, { force: true });
}
