import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp.js';

// Every spec runs under the server's real Content-Security-Policy: a violation fails the test it
// happened in (an inline script or style that slipped in, a host the policy does not name).
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
