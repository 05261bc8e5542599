import { isLocale, type Locale, pseudoLocale } from '@fieldplan/shared/i18n';

/** A language's messages by id: ICU message text (docs/adr/0042-languages.md). */
export type Messages = Record<string, string>;

/** The languages a user may pick, with their own names (a name is never translated). */
export const languageNames: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

// A translated language is a folder of parts, one an area of the app (messages/<language>/<area>.json),
// and each part is a chunk of its own: a page fetches only the parts of its language that it shows —
// the shell's, then each screen's as the screen opens (docs/PERFORMANCE.md, "German catalog").
// English needs none: the build writes each message's English (messages/en.json) beside its id in the
// code (`englishMessages`, vite.config.ts).
const partFiles = import.meta.glob<Messages>('./messages/*/*.json', { import: 'default' });
const frames = import.meta.glob<Messages>('./messages/*.ts', { import: 'default' });

/**
 * The language a page shows: a shipped one, or the pseudo-locale — in any build, but only when the
 * address asks for it (`?lang=en-XA`, for screenshots and the layout checks); never offered in a
 * picker, never negotiated, never remembered (docs/adr/0042-languages.md).
 */
export type ShownLocale = Locale | typeof pseudoLocale;

export function isShownLocale(value: unknown): value is ShownLocale {
  return isLocale(value) || value === pseudoLocale;
}

/**
 * The app's frame: the parts of a language every screen of the signed-in app shows (the shell, the
 * components, errors …). Fetched as one chunk, `messages/<language>.ts`, which bundles this same list:
 * a dozen small files cost more bytes (each compressed alone, the smallest not at all) and requests.
 */
export const frameParts: readonly string[] = [
  'app',
  'components',
  'connection',
  'entities',
  'errors',
  'export',
  'lib',
  'locations',
  'presence',
  'search',
  'shell',
  'workspace',
];

/**
 * The parts each page shows first, whatever its screen; a screen asks for its own as it opens
 * (`needMessages`, `useMessages`). Keyed by the page's HTML file (mountRoot).
 */
export const pageParts: Record<string, readonly string[]> = {
  'index.html': frameParts,
  'book.html': ['booking', 'components'],
  'track.html': ['tracking', 'map'],
};

/** Parts named otherwise than their messages' area. */
const partOfArea: Record<string, string> = { format: 'lib' };

/** The part that holds a message: its id's area, as its file is named (`myDay.title` → `my-day`). */
export function partOf(id: string): string {
  const area = id.slice(0, Math.max(0, id.indexOf('.')));
  return partOfArea[area] ?? area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Every part the page has asked for so far, in any language: what another language must bring before it shows. */
const wanted = new Set<string>();
/** Per language, the messages of its parts loaded so far: one object, growing as parts arrive. */
const live = new Map<ShownLocale, Messages>();
/** `<language>/<part>` loaded (or known to be absent). */
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

const liveOf = (locale: ShownLocale): Messages => {
  let messages = live.get(locale);
  if (!messages) {
    messages = {};
    live.set(locale, messages);
  }
  return messages;
};

/** A part of `locale` exists (a translated language's file); false for English and the pseudo-locale. */
export function partExists(locale: ShownLocale, part: string): boolean {
  return `./messages/${locale}/${part}.json` in partFiles;
}

/** Whether `locale` has every part of `parts` (default: every part the page asked for) in its messages. */
export function hasParts(locale: ShownLocale, parts: Iterable<string> = wanted): boolean {
  if (locale === 'en') return true;
  if (locale === pseudoLocale) return loaded.has(`${locale}/*`);
  for (const part of parts) if (!loaded.has(`${locale}/${part}`)) return false;
  return true;
}

/** Fetches one chunk of `locale`'s messages (`key`), holding `parts`, into its live messages. */
function loadChunk(locale: ShownLocale, key: string, parts: readonly string[], fetch?: () => Promise<Messages>) {
  let pending = loading.get(key);
  if (!pending) {
    pending = (fetch ? fetch() : Promise.resolve({})).then(
      (messages) => {
        Object.assign(liveOf(locale), messages);
        for (const part of parts) loaded.add(`${locale}/${part}`);
        loading.delete(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Asks for `parts` (areas' message files) in `locale`, and in any language the page switches to later;
 * resolves when `locale`'s are in its messages. The messages object is the same one, growing: an intl
 * made from it before shows the new parts' messages too. Asked for all together, the frame's parts
 * come in the language's frame chunk.
 */
export async function loadParts(locale: ShownLocale, parts: Iterable<string> = wanted): Promise<Messages> {
  const list = [...parts];
  for (const part of list) wanted.add(part);
  if (locale === 'en') return {};
  if (locale === pseudoLocale) {
    await loadChunk(locale, `${locale}/*`, ['*'], pseudoMessages);
    return liveOf(locale);
  }
  const missing = list.filter((part) => !loaded.has(`${locale}/${part}`));
  const frame = frames[`./messages/${locale}.ts`];
  const viaFrame = frame !== undefined && frameParts.every((part) => list.includes(part)) && missing.length > 0;
  await Promise.all([
    ...(viaFrame ? [loadChunk(locale, `${locale}/frame`, frameParts, frame)] : []),
    ...missing
      .filter((part) => !(viaFrame && frameParts.includes(part)))
      .map((part) => loadChunk(locale, `${locale}/${part}`, [part], partFiles[`./messages/${locale}/${part}.json`])),
  ]);
  return liveOf(locale);
}

/** The messages of `locale` loaded so far (none for English: the code's own text). */
export const messagesOf = (locale: ShownLocale): Messages => (locale === 'en' ? {} : liveOf(locale));

/** The messages of `locale`'s `parts` (default: the parts the page asked for); none for English. */
export async function messagesFor(locale: ShownLocale, parts?: Iterable<string>): Promise<Messages> {
  return loadParts(locale, parts);
}

/** English, accented and 40 % longer, from the English catalog (its own chunk, fetched only here). */
async function pseudoMessages(): Promise<Messages> {
  const [{ pseudoMessage }, english] = await Promise.all([
    import('@fieldplan/shared/i18n'),
    import('./messages/en.json').then((m) => m.default as Messages),
  ]);
  return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudoMessage(text)]));
}
