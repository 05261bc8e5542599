import type { TextareaHTMLAttributes } from 'react';
import { LabelledField, type LabelledProps } from './Field';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, LabelledProps<HTMLTextAreaElement> {}

/** A labelled multi-line input with its message underneath. */
export function TextArea({ label, hint, error, optional, id, className, ref, ...input }: TextAreaProps) {
  return (
    <LabelledField
      {...{ id, label, hint, error, optional, className }}
      control={(aria) => <textarea ref={ref} className="input textarea" {...aria} {...input} />}
    />
  );
}
