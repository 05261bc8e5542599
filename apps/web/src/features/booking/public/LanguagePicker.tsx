import { isLocale, shippedLocales } from '@fieldplan/shared';
import { currentLocale, languageNames, useIntl, useSetLanguage } from '../../../lib/i18n';

const storageKey = 'fieldplan:booking-language';

/** The language this customer picked on a booking page before (this browser), or null. */
export function pickedLanguage(): string | null {
  try {
    const picked = localStorage.getItem(storageKey);
    return isLocale(picked) ? picked : null;
  } catch {
    return null;
  }
}

/**
 * The customer's choice of language on the booking page (docs/adr/0042-languages.md): the page starts
 * in the business's language; the one picked here is remembered in this browser and sent with the
 * request, so the business writes to the customer in it from then on.
 */
export function LanguagePicker() {
  const intl = useIntl();
  const setLanguage = useSetLanguage();
  const shown = currentLocale();
  return (
    <label className="book-language">
      <span className="visually-hidden">{intl.formatMessage({ id: 'booking.page.language' })}</span>
      <select
        value={isLocale(shown) ? shown : 'en'}
        onChange={(event) => {
          const picked = event.target.value;
          try {
            localStorage.setItem(storageKey, picked);
          } catch {
            // Storage refused: the choice holds for this page.
          }
          setLanguage(picked, { remember: false });
        }}
      >
        {shippedLocales.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
