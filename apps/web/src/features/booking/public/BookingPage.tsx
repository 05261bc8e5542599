import type { PublicBookingPage, PublicBookingResult, PublicBookingService, PublicSlot } from '@fieldplan/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Loading, Skeleton } from '../../../components/Skeleton';
import { setClockFormats } from '../../../lib/clock';
import { Message, useIntl, useSetLanguage } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddressStep, type ChosenPlace } from './AddressStep';
import { type Details, DetailsStep, noDetails } from './DetailsStep';
import { durationText, whenText } from './format';
import { LanguagePicker, pickedLanguage } from './LanguagePicker';
import { type BookingProblem, bookingPage, messageOf } from './public-api';
import { SlotStep } from './SlotStep';
import { useEmbedHeight } from './use-embed-height';
import './Booking.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; page: PublicBookingPage }
  | { kind: 'failed'; problem: BookingProblem };

/**
 * `/book/:slug`: a workspace's public booking page (docs/PRODUCT.md, "Online booking"): service →
 * address → a suggested time → details → sent. No session; served as its own entry (book.html).
 */
export function BookingPage({ slug }: { slug: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [service, setService] = useState<PublicBookingService | null>(null);
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const [slot, setSlot] = useState<PublicSlot | null>(null);
  // Times handed to the time step (a 409's fresh ones), or null slots to search again; `key` remounts it.
  const [fresh, setFresh] = useState<{ slots: PublicSlot[] | null; key: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<PublicBookingResult | null>(null);
  const [details, setDetails] = useState<Details>(noDetails);
  const intl = useIntl();
  useEmbedHeight();
  useDocumentTitle(
    load.kind === 'ready'
      ? intl.formatMessage({ id: 'booking.page.documentTitle' }, { company: load.page.company.name })
      : intl.formatMessage({ id: 'booking.page.documentTitleNone' }),
  );

  const setLanguage = useSetLanguage();
  useEffect(() => {
    void bookingPage(slug).then((answer) => {
      if (answer.ok) {
        const { timeFormat, dateFormat } = answer.data;
        setClockFormats({ timeFormat, dateFormat, weekStart: 1 });
        // The business's language for its customers, unless this customer picked another here before.
        setLanguage(pickedLanguage() ?? answer.data.language, { remember: false });
      }
      setLoad(answer.ok ? { kind: 'ready', page: answer.data } : { kind: 'failed', problem: answer.problem });
    });
  }, [slug, setLanguage]);

  if (load.kind === 'loading') {
    return (
      <main className="book">
        <Loading label={intl.formatMessage({ id: 'booking.page.loading' })}>
          <Skeleton width={220} height={24} />
          <Skeleton height={14} />
          <Skeleton height={120} />
        </Loading>
      </main>
    );
  }
  if (load.kind === 'failed') {
    const missing = load.problem.code === 'not_found';
    return (
      <main className="book">
        <div className="book-message" role="alert">
          <h1 className="book-message-title">
            {missing ? <Message id="booking.page.unavailable" /> : <Message id="booking.page.failed" />}
          </h1>
          <p>{missing ? <Message id="booking.page.unavailableHint" /> : messageOf(load.problem)}</p>
        </div>
      </main>
    );
  }

  const { page } = load;
  const tz = page.timeZone;
  if (result) return <Confirmation page={page} result={result} place={place} />;

  const step = !service ? 1 : !place ? 2 : !slot ? 3 : 4;
  const titles = {
    service: intl.formatMessage({ id: 'booking.step.serviceTitle' }),
    address: intl.formatMessage({ id: 'booking.step.addressTitle' }),
    time: intl.formatMessage({ id: 'booking.step.timeTitle' }),
    details: intl.formatMessage({ id: 'booking.step.detailsTitle' }),
  };
  const stepLabels = [
    intl.formatMessage({ id: 'booking.steps.service' }),
    intl.formatMessage({ id: 'booking.steps.address' }),
    intl.formatMessage({ id: 'booking.steps.time' }),
    intl.formatMessage({ id: 'booking.steps.details' }),
  ];
  return (
    <main className="book">
      <header className="book-head">
        <LanguagePicker />
        <h1 className="book-company">{page.company.name}</h1>
        {page.intro && <p className="book-intro">{page.intro}</p>}
      </header>
      <ol className="plain-list book-steps" aria-label={intl.formatMessage({ id: 'booking.steps.label' })}>
        {stepLabels.map((label, i) => (
          <li
            key={label}
            className={i + 1 < step ? 'done' : i + 1 === step ? 'current' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
      {notice && (
        <Alert tone="info" title={intl.formatMessage({ id: 'booking.page.chooseAgain' })}>
          {notice}
        </Alert>
      )}

      <Step
        n={1}
        title={titles.service}
        done={service ? `${service.name} · ${durationText(service.durationMinutes)}` : null}
        onChange={() => {
          setService(null);
          setSlot(null);
          setFresh(null);
        }}
      >
        {page.services.length === 0 ? (
          <p className="book-muted">
            <Message id="booking.services.none" />{' '}
            {page.company.phone && <Message id="booking.services.callUs" values={{ phone: page.company.phone }} />}
          </p>
        ) : (
          <ul className="plain-list book-services">
            {page.services.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="book-service"
                  onClick={() => {
                    setService(s);
                    setNotice(null);
                  }}
                >
                  <span className="book-service-name">{s.name}</span>
                  <span className="book-service-duration">{durationText(s.durationMinutes)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Step>

      {service && (
        <Step
          n={2}
          title={titles.address}
          done={place?.address ?? null}
          onChange={() => {
            setPlace(null);
            setSlot(null);
            setFresh(null);
          }}
        >
          <AddressStep
            slug={slug}
            onChoose={(p) => {
              setPlace(p);
              setNotice(null);
            }}
          />
        </Step>
      )}

      {service && place && (
        <Step
          n={3}
          title={titles.time}
          done={slot ? whenText(slot.start, slot.end, tz) : null}
          onChange={() => setSlot(null)}
        >
          <SlotStep
            key={fresh?.key ?? 0}
            slug={slug}
            serviceId={service.id}
            lat={place.lat}
            lng={place.lng}
            timeZone={tz}
            phone={page.company.phone}
            given={fresh?.slots ?? null}
            onChoose={(s) => {
              setSlot(s);
              setNotice(null);
            }}
            onChangeAddress={() => {
              setPlace(null);
              setFresh(null);
            }}
          />
        </Step>
      )}

      {service && place && slot && (
        <Step n={4} title={titles.details} done={null}>
          <DetailsStep
            slug={slug}
            values={details}
            onValues={setDetails}
            serviceId={service.id}
            place={place}
            slot={slot}
            onBooked={setResult}
            onSlotTaken={(slots) => {
              setNotice(
                slots
                  ? intl.formatMessage({ id: 'booking.page.slotTaken' })
                  : intl.formatMessage({ id: 'booking.page.slotExpired' }),
              );
              setFresh(slots ? { slots, key: Date.now() } : { slots: null, key: Date.now() });
              setSlot(null);
            }}
            onAddressProblem={(message) => {
              setNotice(message);
              setPlace(null);
              setSlot(null);
            }}
          />
        </Step>
      )}
    </main>
  );
}

interface StepProps {
  n: number;
  title: string;
  /** The choice made, shown folded with a Change button; null: the step is open. */
  done: string | null;
  onChange?: () => void;
  children: ReactNode;
}

/** One step: open (its title and content) or folded to the choice made. New open steps take the focus. */
function Step({ n, title, done, onChange, children }: StepProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done === null && n > 1) heading.current?.focus({ preventScroll: false });
  }, [done, n]);
  return (
    <section className={`card book-step${done !== null ? ' book-step-done' : ''}`} aria-labelledby={`book-step-${n}`}>
      <div className="book-step-head">
        <h2 id={`book-step-${n}`} ref={heading} tabIndex={-1} className="book-step-title">
          <span className="book-step-n" aria-hidden="true">
            {n}
          </span>
          {title}
        </h2>
        {done !== null && onChange && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onChange}
            aria-label={intl.formatMessage({ id: 'booking.step.changeLabel' }, { title })}
          >
            <Message id="booking.step.change" />
          </Button>
        )}
      </div>
      {done !== null ? <p className="book-choice">{done}</p> : children}
    </section>
  );
}

function Confirmation({
  page,
  result,
  place,
}: {
  page: PublicBookingPage;
  result: PublicBookingResult;
  place: ChosenPlace | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirmed = result.status === 'confirmed';
  return (
    <main className="book">
      <section className="card book-done" aria-labelledby="book-done-title">
        <span className="book-done-mark" aria-hidden="true">
          ✓
        </span>
        <h1 id="book-done-title" ref={heading} tabIndex={-1}>
          {confirmed ? <Message id="booking.done.booked" /> : <Message id="booking.done.requested" />}
        </h1>
        <p className="book-done-what">{result.serviceName}</p>
        <p className="book-done-when">{whenText(result.start, result.end, page.timeZone)}</p>
        {place && <p className="book-muted">{place.address}</p>}
        <p>
          {confirmed ? (
            <Message id="booking.done.bookedText" values={{ company: page.company.name }} />
          ) : (
            <Message id="booking.done.requestedText" values={{ company: page.company.name }} />
          )}
        </p>
        {page.company.phone && (
          <p className="book-muted">
            <Message id="booking.done.questions" values={{ phone: page.company.phone }} />
          </p>
        )}
      </section>
    </main>
  );
}
