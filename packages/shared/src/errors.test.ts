import { describe, expect, it } from 'vitest';
import { errorStatus, errorTitle, isProblem } from './errors.js';

describe('error catalogue', () => {
  it('has the codes and statuses of docs/PRODUCT.md, "Error catalogue"', () => {
    expect(errorStatus).toEqual({
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
    });
  });

  it('gives every code a title', () => {
    expect(Object.keys(errorTitle).sort()).toEqual(Object.keys(errorStatus).sort());
    for (const title of Object.values(errorTitle)) expect(title.length).toBeGreaterThan(0);
  });

  it('recognises problem bodies', () => {
    expect(isProblem({ type: 't', title: 't', status: 404, code: 'not_found', detail: 'd' })).toBe(true);
    expect(isProblem({ code: 'teapot' })).toBe(false);
    expect(isProblem({ code: 404 })).toBe(false);
    expect(isProblem(null)).toBe(false);
    expect(isProblem('not_found')).toBe(false);
    expect(isProblem({ message: 'Internal Server Error', statusCode: 500 })).toBe(false);
  });
});
