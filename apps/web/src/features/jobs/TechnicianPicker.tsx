import type { Member } from '@fieldplan/shared';
import { useId } from 'react';
import { Avatar } from '../../components/Avatar';

interface TechnicianPickerProps {
  technicians: readonly Member[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

/** Choose the job's technicians: one checkbox each, with their colour chip (the calendar's row colour). */
export function TechnicianPicker({ technicians, value, onChange, error }: TechnicianPickerProps) {
  const errorId = useId();
  return (
    <fieldset
      className="field tech-picker"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">
        Technicians <span className="field-optional">optional</span>
      </legend>
      <div className="tech-options">
        {technicians.map((t) => {
          const checked = value.includes(t.id);
          return (
            <label
              key={t.id}
              className={checked ? 'tech-option tech-option-on' : 'tech-option'}
              style={{ '--tech': t.colour } as React.CSSProperties}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onChange(checked ? value.filter((id) => id !== t.id) : [...value, t.id])}
              />
              <Avatar name={t.name} colour={t.colour} size="sm" />
              <span>{t.name}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
