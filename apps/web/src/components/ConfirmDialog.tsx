import type { ReactNode } from 'react';
import { Message } from '../lib/i18n';
import { Button } from './Button';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" with the safe choice focused first. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      role="alertdialog"
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            <Message id="components.confirm.cancel" />
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

interface ConfirmRemovalProps<T> {
  /** What would go; the dialog is open while it is set. */
  target: T | null;
  verb: 'Delete' | 'Remove';
  /** What it is, in the page's language, for the button: "Delete area" ("Einsatzgebiet löschen"). */
  noun: string;
  description: ReactNode;
  busy: boolean;
  /** Resolves once the removal is done (or refused); the dialog then closes. */
  onConfirm: (target: T) => unknown;
  onClose: () => void;
}

/** "Delete “North side”?" for one named record. */
export function ConfirmRemoval<T extends { name: string }>({
  target,
  verb,
  noun,
  description,
  busy,
  onConfirm,
  onClose,
}: ConfirmRemovalProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={<Message id="components.confirmRemoval.title" values={{ verb, name: target?.name ?? '' }} />}
      description={description}
      confirmLabel={<Message id="components.confirmRemoval.confirm" values={{ verb, noun }} />}
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        if (target) await onConfirm(target);
        onClose();
      }}
    />
  );
}
