import { type Invitation, roleLabel } from '@fieldplan/shared';
import { useRef } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format';

interface CreatedInviteProps {
  invitation: Invitation;
  url: string;
  onDone: () => void;
}

/** The new link, shown once (only its hash is stored): copy it now. */
export function CreatedInvite({ invitation, url, onDone }: CreatedInviteProps) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  const copy = async () => {
    if (await copyText(url)) {
      toast({ tone: 'success', message: `Link copied — send it to ${invitation.email}` });
    } else {
      input.current?.select();
      toast({ tone: 'info', message: 'Press Ctrl+C (⌘C on a Mac) to copy the selected link' });
    }
  };

  return (
    <div className="created-invite" role="status">
      <p className="created-invite-title">
        Invitation for <strong>{invitation.email}</strong> as {roleLabel[invitation.role].toLowerCase()}
      </p>
      <TextField
        ref={input}
        label="Invite link"
        className="created-invite-field"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        hint={`Shown only once — copy it now. Works once, until ${formatDateTime(invitation.expiresAt)}.`}
        data-code
      />
      <div className="created-invite-actions">
        <Button variant="primary" icon="copy" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
