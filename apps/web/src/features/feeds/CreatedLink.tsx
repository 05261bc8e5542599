import type { FeedTokenCreated } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { OnceLink } from '../../components/OnceLink';
import { QrCode } from './QrCode';

/** The same address for calendar apps that subscribe through `webcal://` (phones open their calendar with it). */
export const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

interface CreatedLinkProps {
  link: FeedTokenCreated;
  /** What it holds, for the words around it: "Tomasz Nowak's jobs", "every job of the workspace". */
  what: string;
  onDone: () => void;
}

/** A new link, shown once (only its hash is stored): copy it, or scan it with a phone. */
export function CreatedLink({ link, what, onDone }: CreatedLinkProps) {
  const webcal = webcalOf(link.url);

  return (
    <section className="created-link" aria-label="New iCal link">
      <div className="created-link-text">
        <p className="created-link-title">
          New iCal link to <strong>{what}</strong>
        </p>
        <OnceLink
          url={link.url}
          label="Calendar address"
          hint="Shown only once — copy it now. Anyone with it can read these jobs; revoke it if it leaks."
          actionsClassName="created-link-actions"
          copied="Link copied — paste it into your calendar app as a subscription"
          onDone={onDone}
        >
          <a className="created-link-webcal" href={webcal}>
            <Icon name="calendar" size={14} /> Open in a calendar app
          </a>
        </OnceLink>
      </div>
      <figure className="created-link-qr">
        <QrCode text={webcal} alt={`QR code to subscribe to ${what} from a phone`} />
        <figcaption>Scan with a phone's camera to subscribe</figcaption>
      </figure>
    </section>
  );
}
