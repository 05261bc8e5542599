import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LanguageProvider, pageParts, storedLanguage } from './i18n';

/**
 * Renders an entry's screen into its page's #root, in StrictMode and the page's language (lib/i18n);
 * `page` names the HTML file, `onMissingMessage` hears once of each message the language lacks.
 */
export function mountRoot(
  page: string,
  screen: ReactNode,
  onMissingMessage?: (id: string, locale: string) => void,
): void {
  const root = document.getElementById('root');
  if (!root) throw new Error(`${page} has no #root`);
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider
        wish={storedLanguage()}
        parts={pageParts[page] ?? []}
        {...(onMissingMessage && { onMissing: onMissingMessage })}
      >
        {screen}
      </LanguageProvider>
    </StrictMode>,
  );
}

/** The path's second segment (`/book/:slug`, `/track/:token`), decoded; a malformed one reads as none. */
export function secondSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/')[2] ?? '');
  } catch {
    return '';
  }
}
