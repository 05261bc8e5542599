import { memberPalette } from '@fieldplan/shared';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Message } from '../lib/i18n';
import { ColourPicker } from './ColourPicker';

interface ColourFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** The picker's accessible name: "Area colour". */
  label: string;
  labelId?: string;
}

/** A form's colour, chosen from the technicians' palette (DESIGN.md): "Colour" and the swatches. */
export function ColourField<T extends FieldValues>({ control, name, label, labelId }: ColourFieldProps<T>) {
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        <Message id="components.colourField.label" />
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ColourPicker colours={memberPalette} value={field.value} onChange={field.onChange} label={label} />
        )}
      />
    </div>
  );
}
