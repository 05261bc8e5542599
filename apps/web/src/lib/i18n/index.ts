// The page's language (docs/adr/0042-languages.md).
export { isShownLocale, languageNames, type Messages, messagesFor, type ShownLocale } from './catalogs';
export { currentLocale, t } from './current';
export { chooseLocale, LanguageProvider } from './LanguageProvider';
