import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders an entry's screen into its page's #root, in StrictMode; `page` names the HTML file. */
export function mountRoot(page: string, screen: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) throw new Error(`${page} has no #root`);
  createRoot(root).render(<StrictMode>{screen}</StrictMode>);
}

/** The path's second segment (`/book/:slug`, `/track/:token`), decoded; a malformed one reads as none. */
export function secondSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/')[2] ?? '');
  } catch {
    return '';
  }
}
