import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type ObjectStorage } from './storage.js';

export interface S3Options {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Garage …) through the AWS SDK v3. */
export function s3Storage(options: S3Options): ObjectStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint && { endpoint: options.endpoint }),
    ...(options.accessKeyId &&
      options.secretAccessKey && {
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      }),
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
    // streamed (aws-chunked) checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async put(key, body, size) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentLength: size }));
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        // In Node the SDK's body is the response's IncomingMessage, a Readable.
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
