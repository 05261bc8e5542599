import { describe, expect, it } from 'vitest';
import { isNoise } from './noise';
import { routePattern } from './route-pattern';

const error = (type: string, value: string, frames: string[] = ['https://fieldplan.test/assets/index.js']) => ({
  exception: { values: [{ type, value, stacktrace: { frames: frames.map((filename) => ({ filename })) } }] },
});
const problem = (status: number, code: string, reference?: string) => ({
  type: 't',
  title: 't',
  status,
  code,
  detail: 'd',
  ...(reference && { reference }),
});

describe('the noise filter', () => {
  it('drops failed and aborted requests, whatever the browser calls them', () => {
    for (const value of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Failed to fetch dynamically imported module: https://x/assets/map.js',
    ]) {
      expect(isNoise(error('TypeError', value)), value).toBe(true);
    }
    expect(isNoise(error('AbortError', 'signal is aborted without reason'))).toBe(true);
    expect(isNoise(error('Error', 'The user aborted a request.'))).toBe(true);
    expect(isNoise({}, new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
  });

  it('drops API answers below 500, and 500s the server reported itself', () => {
    expect(isNoise({}, problem(404, 'not_found'))).toBe(true);
    expect(isNoise({}, problem(429, 'rate_limited'))).toBe(true);
    expect(isNoise({}, problem(0, 'internal'))).toBe(true);
    expect(isNoise({}, problem(500, 'internal', 'a'.repeat(32)))).toBe(true);
    expect(isNoise({}, problem(502, 'internal'))).toBe(false);
  });

  it('drops ResizeObserver loop warnings, extension-only stacks and known third-party noise', () => {
    expect(isNoise({ message: 'ResizeObserver loop completed with undelivered notifications.' })).toBe(true);
    expect(isNoise(error('Error', 'ResizeObserver loop limit exceeded'))).toBe(true);
    expect(isNoise(error('TypeError', 'x is undefined', ['chrome-extension://abc/content.js']))).toBe(true);
    expect(
      isNoise(error('TypeError', 'x is undefined', ['moz-extension://abc/a.js', 'safari-extension://b/c.js'])),
    ).toBe(true);
    expect(isNoise(error('Error', 'Script error.'))).toBe(true);
  });

  it('keeps real errors: ours, and ours called from an extension', () => {
    expect(isNoise(error('TypeError', "Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(
      isNoise(
        error('TypeError', 'x is undefined', ['chrome-extension://abc/content.js', 'https://fieldplan.test/a.js']),
      ),
    ).toBe(false);
    expect(isNoise(error('TypeError', 'Failed to parse the job'))).toBe(false);
    expect(isNoise({ message: 'Fault injection: a render error on purpose' }, new Error('x'))).toBe(false);
  });
});

describe('the route pattern', () => {
  it('joins the matched routes’ paths, not the URL', () => {
    const matches = [{ route: {} }, { route: { path: '/w/:slug' } }, { route: {} }, { route: { path: 'jobs/:id' } }];
    expect(routePattern(matches)).toBe('/w/:slug/jobs/:id');
    expect(routePattern([{ route: {} }, { route: { path: '/w/:slug' } }, { route: {} }])).toBe('/w/:slug');
    expect(routePattern([{ route: {} }, { route: { path: '*' } }])).toBe('/*');
    expect(routePattern([])).toBe('/');
  });
});
