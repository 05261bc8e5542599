// First: before any schema parses (see the module).
import './lib/strict-csp';
import { BookingPage } from './features/booking/public/BookingPage';
import { mountRoot, secondSegment } from './lib/mount-root';
import './styles/tokens.css';
import './styles/base.css';

// The public booking page as its own entry (book.html, served for /book/:slug): a customer on a
// phone, or inside the business's own site's iframe, downloads React and this page — no store, no
// router, nothing of the signed-in app (docs/PRODUCT.md, "Online booking").

// The workspace slug from `/book/:slug`; a malformed one reads as none (the page says not found).
mountRoot('book.html', <BookingPage slug={secondSegment(window.location.pathname)} />);
