// The page's language (docs/adr/0042-languages.md).
export { isShownLocale, languageNames, type Messages, messagesFor, pageParts, type ShownLocale } from './catalogs';
export { currentIntl, currentLocale, defineMessages, t } from './current';
export {
  chooseLocale,
  hasMessages,
  LanguageProvider,
  needMessages,
  storedLanguage,
  useMessages,
  useSetLanguage,
  WithMessages,
} from './LanguageProvider';
export { Message, useIntl } from './Message';
