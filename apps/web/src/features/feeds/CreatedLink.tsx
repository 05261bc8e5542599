import type { FeedTokenCreated } from '@fieldplan/shared';
import { useRef } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { copyText } from '../../lib/clipboard';
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
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const webcal = webcalOf(link.url);

  const copy = async () => {
    if (await copyText(link.url)) {
      toast({ tone: 'success', message: 'Link copied — paste it into your calendar app as a subscription' });
    } else {
      input.current?.select();
      toast({ tone: 'info', message: 'Press Ctrl+C (⌘C on a Mac) to copy the selected link' });
    }
  };

  return (
    <section className="created-link" aria-label="New iCal link">
      <div className="created-link-text">
        <p className="created-link-title">
          New iCal link to <strong>{what}</strong>
        </p>
        <TextField
          ref={input}
          label="Calendar address"
          value={link.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          hint="Shown only once — copy it now. Anyone with it can read these jobs; revoke it if it leaks."
          data-code
        />
        <div className="created-link-actions">
          <Button variant="primary" icon="copy" onClick={() => void copy()}>
            Copy
          </Button>
          <a className="created-link-webcal" href={webcal}>
            <Icon name="calendar" size={14} /> Open in a calendar app
          </a>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      <figure className="created-link-qr">
        <QrCode text={webcal} alt={`QR code to subscribe to ${what} from a phone`} />
        <figcaption>Scan with a phone's camera to subscribe</figcaption>
      </figure>
    </section>
  );
}
