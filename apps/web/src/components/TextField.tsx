import type { InputHTMLAttributes } from 'react';
import { LabelledField, type LabelledProps } from './Field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, LabelledProps<HTMLInputElement> {}

/** A labelled input with its message underneath (aria-invalid, aria-describedby). */
export function TextField({ label, hint, error, optional, id, className, ref, ...input }: TextFieldProps) {
  return (
    <LabelledField
      {...{ id, label, hint, error, optional, className }}
      control={(aria) => <input ref={ref} className="input" {...aria} {...input} />}
    />
  );
}

/** An email address: the phone's email keyboard, no capitals, no spell-check. */
export function EmailField(props: TextFieldProps) {
  return <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
