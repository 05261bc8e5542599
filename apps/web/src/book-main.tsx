// First: before any schema parses (see the module).
import './lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingPage } from './features/booking/public/BookingPage';
import './styles/tokens.css';
import './styles/base.css';

// The public booking page as its own entry (book.html, served for /book/:slug): a customer on a
// phone, or inside the business's own site's iframe, downloads React and this page — no store, no
// router, nothing of the signed-in app (docs/PRODUCT.md, "Online booking").

/** The workspace slug from `/book/:slug`; a malformed one reads as none (the page says not found). */
function slugOf(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/')[2] ?? '');
  } catch {
    return '';
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('book.html has no #root');
createRoot(root).render(
  <StrictMode>
    <BookingPage slug={slugOf(window.location.pathname)} />
  </StrictMode>,
);
