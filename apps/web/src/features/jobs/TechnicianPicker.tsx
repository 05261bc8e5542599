import type { Member } from '@fieldplan/shared';
import { Avatar } from '../../components/Avatar';
import { FieldsetField } from '../../components/Field';
import { Message } from '../../lib/i18n';

interface TechnicianPickerProps {
  technicians: readonly Member[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

/** Choose the job's technicians: one checkbox each, with their colour chip (the calendar's row colour). */
export function TechnicianPicker({ technicians, value, onChange, error }: TechnicianPickerProps) {
  return (
    <FieldsetField
      className="field tech-picker"
      legend={
        <>
          <Message id="jobs.form.technicians" />{' '}
          <span className="field-optional">
            <Message id="jobs.form.optional" />
          </span>
        </>
      }
      error={error}
    >
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
    </FieldsetField>
  );
}
