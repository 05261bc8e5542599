import type { Locator } from 'playwright-core';

/**
 * Chooses a place in a places combobox as a keyboard user does: types `query`, waits for the
 * suggestions, moves to the one matching `option` with ArrowDown and chooses it with Enter.
 */
export async function choosePlace(combobox: Locator, listbox: Locator, query: string, option: RegExp): Promise<void> {
  await combobox.fill(query);
  await listbox.getByRole('option').first().waitFor();
  const texts = await listbox.getByRole('option').allTextContents();
  const index = texts.findIndex((t) => option.test(t));
  if (index < 0) throw new Error(`no suggestion ${option} among ${texts.join(' | ')}`);
  for (let i = 0; i <= index; i++) await combobox.press('ArrowDown');
  await combobox.press('Enter');
  await listbox.waitFor({ state: 'hidden' });
}

/** One suggestion as the list shows it: the place, its region or customer, and its source tag. */
export interface ShownSuggestion {
  label: string;
  secondary: string;
  source: string;
}

/**
 * Types `query`, waits until the list shows a suggestion whose text matches `shows` (so an answer
 * to an earlier query is not read), and answers the suggestions listed, top first.
 */
export async function suggestionsFor(
  combobox: Locator,
  listbox: Locator,
  query: string,
  shows: RegExp,
): Promise<ShownSuggestion[]> {
  await combobox.fill(query);
  await listbox.getByRole('option').filter({ hasText: shows }).first().waitFor();
  return listbox.getByRole('option').evaluateAll((options) =>
    options.map((o) => ({
      label: o.querySelector('.places-label')?.textContent ?? '',
      secondary: o.querySelector('.places-secondary')?.textContent ?? '',
      source: o.querySelector('.places-tag')?.textContent ?? '',
    })),
  );
}

/** The quiet line under a places combobox saying what its search lacks (e.g. no street search). */
export function placesNotice(scope: Locator): Locator {
  return scope.locator('.places-notice');
}
