import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import type { IconName } from './Icon';

export interface RowAction {
  icon: IconName;
  /** The accessible name, which says what the button acts on ("Edit Boiler service"). */
  label: string;
  onClick: () => void;
  /** Words shown beside the icon; none for an icon-only button. */
  text?: ReactNode;
  variant?: ButtonVariant;
  loading?: boolean;
}

/** A list row's small buttons (edit, remove …), in the order given. */
export function RowActions({ className, actions }: { className: string; actions: RowAction[] }) {
  return (
    <div className={className}>
      {actions.map(({ icon, label, onClick, text, variant, loading }) => (
        <Button
          key={label}
          size="sm"
          variant={variant}
          icon={icon}
          loading={loading}
          aria-label={label}
          onClick={onClick}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
