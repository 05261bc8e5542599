import { isLocale, type Locale, shippedLocales } from '@fieldplan/shared';
import { normalizeText } from '../../lib/text.js';

/** Languages by name, normalised (lower case, accents dropped): in English, in German, and in their own. */
const byName: Record<string, Locale> = {
  english: 'en',
  englisch: 'en',
  german: 'de',
  deutsch: 'de',
};

/**
 * The shipped language a file's cell names (docs/PRODUCT.md, "Import"): a tag (`de`, `de-AT`,
 * `en_US`) takes its language, a name ("German", "Deutsch", "English") its language. `null`: the cell
 * is empty (the workspace's language); `undefined`: a language Fieldplan does not speak.
 */
export function importedLanguage(cell: string): Locale | null | undefined {
  const text = normalizeText(cell.trim());
  if (text === '') return null;
  const named = byName[text];
  if (named) return named;
  const primary = text.split(/[-_\s]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** The row problem's words for a language the file names that Fieldplan does not speak. */
export const unknownLanguageMessage = (cell: string) =>
  `Language "${cell}" is not one Fieldplan speaks (${shippedLocales.join(', ')}, or English, Deutsch)`;
