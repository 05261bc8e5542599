import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors/app-error.js';

/**
 * The uploaded archive in a temporary file (a zip is read from its end, so it can't be read as it
 * arrives), at most `maxBytes`; the caller removes it with `discard`.
 */
export async function receiveUpload(body: Readable, declared: number | undefined, maxBytes: number): Promise<string> {
  if (declared !== undefined && declared > maxBytes) {
    body.resume();
    throw new AppError('payload_too_large', `The archive is larger than ${maxBytes} bytes`);
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
            throw new AppError('payload_too_large', `The archive is larger than ${maxBytes} bytes`);
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await discard(file);
    throw error instanceof AppError ? error : new AppError('request_timeout', 'The archive did not arrive whole');
  }
  if (received === 0) {
    await discard(file);
    throw new AppError('validation_failed', 'The archive is empty', {
      errors: [{ path: 'archive', message: 'The archive is empty' }],
    });
  }
  return file;
}

export async function discard(file: string): Promise<void> {
  await rm(file, { force: true });
}
