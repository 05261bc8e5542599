import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from './Field';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Visible label; for a compact select inside a table row pass `aria-label` and no label. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** The native select (the phone's own picker, fully keyboard usable), styled to match. */
export function Select({ label, hint, error, id, className, ref, children, ...select }: SelectProps) {
  const ids = useFieldIds(id, hint, error);
  const control = (
    <span className="select-wrap">
      <select
        ref={ref}
        id={ids.inputId}
        className={label === undefined ? ['select', className].filter(Boolean).join(' ') : 'select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </span>
  );
  if (label === undefined) return control;
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={className}>
      {control}
    </FieldShell>
  );
}

/** One option per record, its id the value and its name the words (technicians, areas …). */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
