// The page's language (docs/adr/0042-languages.md).
export { isShownLocale, languageNames, type Messages, messagesFor, type ShownLocale } from './catalogs';
export { currentIntl, currentLocale, defineMessages, t } from './current';
export { chooseLocale, LanguageProvider, storedLanguage, useSetLanguage } from './LanguageProvider';
export { Message, useIntl } from './Message';
