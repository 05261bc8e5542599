import type { MePatch } from '@fieldplan/shared';
import { type ReactNode, useEffect, useId } from 'react';
import { Icon } from '../../components/Icon';
import { MenuHeader, MenuRadioItem } from '../../components/Menu';
import { useUpdateMeMutation } from '../../entities/session/endpoints';
import { languageNames, Message, storedLanguage, useSetLanguage } from '../../lib/i18n';

type Language = MePatch['language'];

const shipped = Object.keys(languageNames) as (keyof typeof languageNames)[];

/**
 * The account menu's language choice (docs/adr/0042-languages.md): each shipped language by its own
 * name, or the browser's. It is saved to your account first, so it follows you to another device.
 */
export function LanguageChoice({ chosen }: { chosen: Language }) {
  const headingId = useId();
  const [updateMe] = useUpdateMeMutation();
  const setLanguage = useSetLanguage();
  const choose = async (language: Language) => {
    try {
      await updateMe({ language }).unwrap();
    } catch {
      // Not saved: the failure toast says so, and the page keeps the language it shows.
      return;
    }
    setLanguage(language);
  };
  // A language's own name is in that language (a screen reader says "Deutsch" in German).
  const item = (language: Language, name: ReactNode) => (
    <MenuRadioItem key={language ?? 'browser'} checked={chosen === language} onSelect={() => void choose(language)}>
      <span className="language-option" lang={language ?? undefined}>
        {name}
      </span>
      {chosen === language && <Icon name="check" className="ws-check" />}
    </MenuRadioItem>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of menu items (WAI-ARIA menu pattern), not a form's fieldset.
    <div role="group" aria-labelledby={headingId}>
      <MenuHeader>
        <span id={headingId} className="muted">
          <Message id="shell.language.heading" />
        </span>
      </MenuHeader>
      {item(null, <Message id="shell.language.browser" />)}
      {shipped.map((language) => item(language, languageNames[language]))}
    </div>
  );
}

/**
 * Shows the language saved to the user's account once `me` says it (chosen on another device), unless
 * this browser already shows that choice; null: the browser's.
 */
export function useAccountLanguage(language: Language): void {
  const setLanguage = useSetLanguage();
  useEffect(() => {
    if (language !== storedLanguage()) setLanguage(language);
  }, [language, setLanguage]);
}
