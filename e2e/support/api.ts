import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

/**
 * Calls Fieldplan's API as the page's signed-in user (its cookies, the app's Origin for the CSRF
 * check) and answers the JSON body; any answer that isn't 2xx throws with its status and body.
 */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { origin: baseUrl, ...headers },
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
