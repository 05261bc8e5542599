import { lazy, Suspense, useEffect } from 'react';
import { Logo } from '../../components/Logo';
import { setClockFormats } from '../../lib/clock';
import { Message, useIntl, useSetLanguage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetTrackingQuery } from './endpoints';
import { arrivalText, statusHeadline, windowText } from './format';
import { useTrackingChannel } from './use-tracking-channel';
import './Tracking.css';

// Leaflet only when there is a position to show: the page itself stays small on a phone.
const TrackingMap = lazy(() => import('./TrackingMap').then((m) => ({ default: m.TrackingMap })));

/**
 * `/track/:token`: the customer's page — no session, nothing but this visit. Served as
 * its own small entry (track.html, src/track-main.tsx); in the app's router by TrackingRoute.
 */
export function TrackingPage({ token }: { token: string }) {
  const intl = useIntl();
  const { data: page, error, isLoading } = useGetTrackingQuery(token, { refetchOnFocus: true });
  const setLanguage = useSetLanguage();
  const language = page?.language;
  const timeFormat = page?.timeFormat;
  const dateFormat = page?.dateFormat;
  // The customer's language (else the business's) and the business's clock, for this page only.
  useEffect(() => {
    if (!language || !timeFormat || !dateFormat) return;
    setClockFormats({ timeFormat, dateFormat, weekStart: 1 });
    setLanguage(language, { remember: false });
  }, [language, timeFormat, dateFormat, setLanguage]);
  const { ended } = useTrackingChannel(token, page?.channel);
  useDocumentTitle(intl.formatMessage({ id: 'tracking.page.title' }));

  if (isLoading) {
    return (
      <main className="track" aria-busy="true">
        <TrackHeader />
        <p className="track-loading">
          <Message id="tracking.page.loading" />
        </p>
      </main>
    );
  }
  if (!page || error || ended) return <ExpiredPage />;

  return (
    <main className="track">
      <TrackHeader />
      <section className="card track-card" aria-live="polite">
        <p className="track-status">{statusHeadline(page)}</p>
        <p className="track-window">{windowText(page.window)}</p>
        <p className="track-tech">
          <span className="track-dot" style={{ background: page.technician.colour }} aria-hidden="true" />
          <Message
            id="tracking.page.technician"
            values={{ name: page.technician.firstName, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        {page.eta && <p className="track-eta">{arrivalText(page.eta)}</p>}
      </section>
      {page.status === 'en_route' &&
        (page.position ? (
          <Suspense fallback={<div className="track-map track-map-loading" />}>
            <TrackingMap position={page.position} colour={page.technician.colour} />
          </Suspense>
        ) : (
          <p className="track-note">
            <Message id="tracking.page.mapSoon" values={{ name: page.technician.firstName }} />
          </p>
        ))}
      <p className="track-note">
        <Message id="tracking.page.note" values={{ name: page.technician.firstName }} />
      </p>
    </main>
  );
}

function TrackHeader() {
  return (
    <header className="track-head">
      <Logo />
    </header>
  );
}

/** Expired, revoked, finished or never existed: one friendly answer for all (nothing to tell them apart). */
export function ExpiredPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'tracking.expired.title' }));
  return (
    <main className="track">
      <TrackHeader />
      <section className="card track-card track-expired">
        <h1>
          <Message id="tracking.expired.heading" />
        </h1>
        <p>
          <Message id="tracking.expired.text" />
        </p>
      </section>
    </main>
  );
}
