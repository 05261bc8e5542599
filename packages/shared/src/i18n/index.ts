// Languages (docs/adr/0042-languages.md): imported as '@fieldplan/shared/i18n', apart from the main
// entry, so a page that never checks a message does not carry the ICU parser.
export * from './locales.js';
export * from './placeholders.js';
export * from './pseudo.js';
