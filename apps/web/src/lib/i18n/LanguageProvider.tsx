import { isLocale, negotiateLocale } from '@fieldplan/shared/i18n';
import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createIntl, createIntlCache, type IntlConfig, RawIntlProvider } from 'react-intl';
import { hasParts, isShownLocale, loadParts, messagesOf, partExists, partOf, type ShownLocale } from './catalogs';
import { setCurrentIntl } from './current';
import { useIntl } from './Message';

/** Languages written right to left: `dir` follows the language, so a later catalog needs no layout work. */
const rightToLeft = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * The language a page shows (docs/adr/0042-languages.md): `?lang=` on the address (a one-off, for
 * screenshots and checks; the only way to the pseudo-locale), else the user's own choice, else the
 * browser's best match among the shipped.
 */
export function chooseLocale(wish: string | null, search = window.location.search): ShownLocale {
  const asked = new URLSearchParams(search).get('lang');
  if (isShownLocale(asked)) return asked;
  // A wish (stored, or the user's on the server) is a shipped language: the pseudo-locale only by address.
  if (isLocale(wish)) return wish;
  return negotiateLocale(navigator.languages);
}

const cache = createIntlCache();
const reported = new Set<string>();
/** Parts a screen showed without asking for them first. */
const late = new Set<string>();
const storageKey = 'fieldplan:language';

/** The language this browser last showed the signed-in user (so a reload doesn't flash another). */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** `remember: false`: for this page only (a customer's page following the business's language). */
type SetLanguageFn = (wish: string | null, options?: { remember?: boolean }) => void;
const SetLanguage = createContext<SetLanguageFn>(() => {});

/** Changes the page's language (the user's choice arrived, or they picked another); null: the browser's. */
export const useSetLanguage = () => useContext(SetLanguage);

/** The language the page shows or is about to show: the one a screen's parts are fetched in. */
let target: ShownLocale | null = null;

/**
 * Fetches `parts` (areas' messages, messages/<language>/<area>.json) in the page's language, and in
 * any it switches to later: a lazily loaded screen awaits this beside its code, so it never draws
 * before its messages are here. `locale`: the language to fetch them in before the provider has drawn
 * (a screen's code fetched while the page starts); by default the provider's.
 */
export function needMessages(parts: readonly string[], locale: ShownLocale | null = target): Promise<unknown> {
  // A part that can't be fetched: the screen shows its English rather than failing to open.
  return loadParts(locale ?? 'en', parts).catch(() => undefined);
}

/** Whether the page's language has `parts` already (a screen may then draw without waiting). */
export const hasMessages = (parts: readonly string[]): boolean => hasParts(target ?? 'en', parts);

/**
 * A screen's parts of the page's language: suspends (the nearest Suspense shows its fallback) until
 * they are here, so no English shows first; in English at once.
 */
export function useMessages(parts: readonly string[]): void {
  const locale = useIntl().locale as ShownLocale;
  // Thrown: React shows the boundary's fallback and draws again once the parts are in.
  if (!hasParts(locale, parts)) throw loadParts(locale, parts);
  void loadParts(locale, parts);
}

function Needs({ parts, children }: { parts: readonly string[]; children: ReactNode }) {
  useMessages(parts);
  return <>{children}</>;
}

/** Draws `children` once the page's language has `parts` (a screen in the first bundle); `fallback` meanwhile. */
export function WithMessages({
  parts,
  fallback = null,
  children,
}: {
  parts: readonly string[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Needs parts={parts}>{children}</Needs>
    </Suspense>
  );
}

interface Props {
  /** The language asked for first (the user's, as last known); null: the browser's. */
  wish: string | null;
  /** The parts of its language the page shows first (its shell's); its screens ask for theirs. */
  parts?: readonly string[];
  /** Told once per message a catalog lacks (the page shows the English text meanwhile). */
  onMissing?: (id: string, locale: string) => void;
  children: ReactNode;
}

/** Gives everything below it the page's language: messages, plurals, `lang` and `dir` on `<html>`. */
export function LanguageProvider({ wish: first, parts = [], onMissing, children }: Props) {
  const [wish, setWish] = useState(first);
  const [failed, setFailed] = useState<ShownLocale | null>(null);
  const changeWish = useCallback<SetLanguageFn>((next, options = {}) => {
    setWish(next);
    setFailed(null);
    if (options.remember === false) return;
    try {
      if (next === null) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, next);
    } catch {
      // Storage refused: the choice holds for this page, and the server keeps the user's own.
    }
  }, []);
  const locale = chooseLocale(wish);
  target = locale;
  const firstParts = useRef(parts).current;
  // Bumped when parts arrive: for a language being switched to, or a part found missing late.
  const [arrived, setArrived] = useState(0);
  // A language shows once every part the page asked for is here (switching back is at once); until
  // then the page keeps the language it showed, or shows nothing at first.
  const ready = hasParts(locale, firstParts) && hasParts(locale);
  const lastShown = useRef<ShownLocale | null>(null);
  const shown: ShownLocale | null = ready ? locale : failed === locale ? 'en' : lastShown.current;
  lastShown.current = shown;
  useEffect(() => {
    // Again after each arrival: a screen may have asked for more parts meanwhile.
    void arrived;
    if (ready || failed === locale) return;
    let live = true;
    loadParts(locale, firstParts)
      .then(() => loadParts(locale))
      .then(
        () => live && setArrived((n) => n + 1),
        // A catalog that can't be fetched (offline, a stale deploy): English rather than a blank page.
        () => live && setFailed(locale),
      );
    return () => {
      live = false;
    };
  }, [locale, ready, failed, firstParts, arrived]);

  const intl = useMemo(() => {
    if (!shown) return null;
    // Changes when a late part arrives, so every message is formatted anew.
    void arrived;
    const onError: IntlConfig['onError'] = (error) => {
      if (error.code !== 'MISSING_TRANSLATION') {
        console.error(error);
        return;
      }
      // English is the code's own text; another language without the message shows English, told once.
      if (shown === 'en') return;
      const id = /"([^"]+)"/.exec(error.message)?.[1] ?? error.message;
      const part = partOf(id);
      if (partExists(shown, part) && !hasParts(shown, [part])) {
        // A screen showed a message of a part it didn't ask for: fetched now and drawn again (a moment
        // of English), named for the benches (docs/PERFORMANCE.md, "German catalog").
        if (!late.has(part)) performance.mark?.(`fieldplan:late-messages:${part}`);
        late.add(part);
        loadParts(shown, [part]).then(
          () => setArrived((n) => n + 1),
          () => {},
        );
        return;
      }
      const key = `${shown}:${id}`;
      if (reported.has(key)) return;
      reported.add(key);
      if (onMissing) onMissing(id, shown);
      else if (import.meta.env.DEV) console.warn(`No ${shown} message for ${id}: showing English`);
    };
    return createIntl({ locale: shown, defaultLocale: 'en', messages: messagesOf(shown), onError }, cache);
  }, [shown, onMissing, arrived]);
  if (!intl) return null;
  setCurrentIntl(intl);
  const root = document.documentElement;
  root.lang = intl.locale;
  root.dir = rightToLeft.has(intl.locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
  return (
    <SetLanguage.Provider value={changeWish}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </SetLanguage.Provider>
  );
}
