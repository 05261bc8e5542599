import type { EditScope } from '@fieldplan/shared';
import { useEffect, useId, useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Message, useIntl } from '../../lib/i18n';

export type ScopeAction = 'move' | 'edit' | 'delete';

const titles: Record<ScopeAction, MessageDescriptor> = defineMessages({
  move: { id: 'entities.scope.title.move' },
  edit: { id: 'entities.scope.title.edit' },
  delete: { id: 'entities.scope.title.delete' },
});
const confirmLabels: Record<ScopeAction, MessageDescriptor> = defineMessages({
  move: { id: 'entities.scope.confirm.move' },
  edit: { id: 'entities.scope.confirm.edit' },
  delete: { id: 'entities.scope.confirm.delete' },
});

export const scopeLabel: Record<EditScope, MessageDescriptor> = defineMessages({
  this: { id: 'entities.scope.option.this' },
  following: { id: 'entities.scope.option.following' },
  all: { id: 'entities.scope.option.all' },
});

interface ScopeDialogProps {
  open: boolean;
  action: ScopeAction;
  /** The job's title, for the description. */
  title: string;
  /** Scopes that can't apply (e.g. "this" when the title changed), with why. */
  disabled?: Partial<Record<EditScope, string>>;
  onChoose: (scope: EditScope) => void;
  onCancel: () => void;
}

/** "This occurrence / This and following / All occurrences" — asked before changing a series. */
export function ScopeDialog({ open, action, title, disabled = {}, onChoose, onCancel }: ScopeDialogProps) {
  const intl = useIntl();
  const name = useId();
  const first = (['this', 'following', 'all'] as const).find((s) => !disabled[s]) ?? 'all';
  const [scope, setScope] = useState<EditScope>(first);
  useEffect(() => {
    if (open) setScope(first);
  }, [open, first]);

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={intl.formatMessage(titles[action])}
      description={intl.formatMessage({ id: 'entities.scope.description' }, { title })}
      footer={
        <>
          <Button onClick={onCancel}>
            <Message id="entities.scope.cancel" />
          </Button>
          <Button variant={action === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(scope)}>
            {intl.formatMessage(confirmLabels[action])}
          </Button>
        </>
      }
    >
      <fieldset className="scope-options">
        <legend className="visually-hidden">
          <Message id="entities.scope.legend" />
        </legend>
        {(['this', 'following', 'all'] as const).map((value) => (
          <label key={value} className={disabled[value] ? 'scope-option scope-option-disabled' : 'scope-option'}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={scope === value}
              disabled={Boolean(disabled[value])}
              onChange={() => setScope(value)}
              data-autofocus={scope === value ? true : undefined}
            />
            <span>
              {intl.formatMessage(scopeLabel[value])}
              {disabled[value] && <span className="scope-hint">{disabled[value]}</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
