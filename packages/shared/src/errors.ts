/** The error catalogue of docs/PRODUCT.md, "Error catalogue": one code per failure a caller can meet. */
export const errorStatus = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  gone: 410,
  version_conflict: 412,
  invalid_transition: 409,
  slot_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  feed_unreachable: 502,
  internal: 500,
  unavailable: 503,
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorTitle: Record<ErrorCode, string> = {
  validation_failed: 'Some fields need attention',
  unauthenticated: 'Please sign in',
  forbidden: "You don't have permission to do that",
  not_found: 'Not found',
  request_timeout: 'The request took too long to arrive',
  gone: 'This link is no longer valid',
  version_conflict: 'Someone else changed this',
  invalid_transition: 'That status change is not allowed',
  slot_taken: 'That time was just taken',
  payload_too_large: 'Request too large',
  unsupported_media_type: 'Unsupported content type',
  rate_limited: 'Too many attempts',
  headers_too_large: 'Request URL or headers too large',
  feed_unreachable: "Couldn't load the feed",
  internal: 'Something went wrong',
  unavailable: 'Temporarily unavailable',
  storage_full: 'File storage is full',
};

export interface FieldError {
  /** Dotted path of the field, e.g. `workingHours.start`; empty for the whole body. */
  path: string;
  message: string;
}

/** The body of every API error (`application/problem+json`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  /** Reference id of a 500 (matches the error report). */
  reference?: string;
  /** Seconds to wait, for 429, 503 and 507. */
  retryAfter?: number;
  /** Current version of the entity, for 412. */
  currentVersion?: number;
  /** The entity as it is now, for 412 (what the UI shows as "their version"). */
  current?: unknown;
}

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof (value as { code: unknown }).code === 'string' &&
    (value as { code: string }).code in errorStatus
  );
}
