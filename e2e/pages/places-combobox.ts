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
