import { type ReactNode, useRef } from 'react';
import { copyText } from '../lib/clipboard';
import { Message, useIntl } from '../lib/i18n';
import { Button } from './Button';
import { TextField } from './TextField';
import { useToast } from './use-toast';

interface OnceLinkProps {
  url: string;
  label: string;
  hint: string;
  /** The field's own class, if any. */
  className?: string;
  /** The row of buttons' class. */
  actionsClassName: string;
  /** What the toast says once the link is on the clipboard. */
  copied: string;
  onDone: () => void;
  /** More actions, between Copy and Done. */
  children?: ReactNode;
}

/**
 * A new link shown once (only its hash is stored): a read-only field, Copy — which selects the link
 * and says how to copy it where the clipboard refuses — and Done.
 */
export function OnceLink({ url, label, hint, className, actionsClassName, copied, onDone, children }: OnceLinkProps) {
  const input = useRef<HTMLInputElement>(null);
  const intl = useIntl();
  const toast = useToast();
  const copy = async () => {
    if (await copyText(url)) {
      toast({ tone: 'success', message: copied });
    } else {
      input.current?.select();
      toast({
        tone: 'info',
        message: intl.formatMessage({ id: 'components.onceLink.copyByHand' }),
      });
    }
  };
  return (
    <>
      <TextField
        ref={input}
        label={label}
        className={className}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        hint={hint}
        data-code
      />
      <div className={actionsClassName}>
        <Button variant="primary" icon="copy" onClick={() => void copy()}>
          <Message id="components.onceLink.copy" />
        </Button>
        {children}
        <Button variant="ghost" onClick={onDone}>
          <Message id="components.onceLink.done" />
        </Button>
      </div>
    </>
  );
}
