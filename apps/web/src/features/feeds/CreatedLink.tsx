import type { FeedTokenCreated } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { OnceLink } from '../../components/OnceLink';
import { Message, useIntl } from '../../lib/i18n';
import { QrCode } from './QrCode';

/** The same address for calendar apps that subscribe through `webcal://` (phones open their calendar with it). */
export const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

interface CreatedLinkProps {
  link: FeedTokenCreated;
  /** What it holds, in the page's language: "Tomasz Nowak's jobs", "every job of the workspace". */
  what: string;
  onDone: () => void;
}

/** A new link, shown once (only its hash is stored): copy it, or scan it with a phone. */
export function CreatedLink({ link, what, onDone }: CreatedLinkProps) {
  const webcal = webcalOf(link.url);
  const intl = useIntl();

  return (
    <section className="created-link" aria-label={intl.formatMessage({ id: 'feeds.created.label' })}>
      <div className="created-link-text">
        <p className="created-link-title">
          <Message id="feeds.created.title" values={{ what, strong: (chunks) => <strong>{chunks}</strong> }} />
        </p>
        <OnceLink
          url={link.url}
          label={intl.formatMessage({ id: 'feeds.created.address' })}
          hint={intl.formatMessage({ id: 'feeds.created.hint' })}
          actionsClassName="created-link-actions"
          copied={intl.formatMessage({ id: 'feeds.created.copied' })}
          onDone={onDone}
        >
          <a className="created-link-webcal" href={webcal}>
            <Icon name="calendar" size={14} /> <Message id="feeds.created.openInApp" />
          </a>
        </OnceLink>
      </div>
      <figure className="created-link-qr">
        <QrCode text={webcal} alt={intl.formatMessage({ id: 'feeds.created.qrAlt' }, { what })} />
        <figcaption>
          <Message id="feeds.created.scan" />
        </figcaption>
      </figure>
    </section>
  );
}
