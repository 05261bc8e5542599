import type { EditScope } from '@fieldplan/shared';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export type ScopeAction = 'move' | 'edit' | 'delete';

const titles: Record<ScopeAction, string> = {
  move: 'Move recurring job',
  edit: 'Save recurring job',
  delete: 'Delete recurring job',
};
const confirmLabels: Record<ScopeAction, string> = { move: 'Move', edit: 'Save', delete: 'Delete' };

export const scopeLabel: Record<EditScope, string> = {
  this: 'This occurrence',
  following: 'This and following',
  all: 'All occurrences',
};

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
      title={titles[action]}
      description={`“${title}” repeats. Which occurrences should change?`}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant={action === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(scope)}>
            {confirmLabels[action]}
          </Button>
        </>
      }
    >
      <fieldset className="scope-options">
        <legend className="visually-hidden">Occurrences to change</legend>
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
              {scopeLabel[value]}
              {disabled[value] && <span className="scope-hint">{disabled[value]}</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
