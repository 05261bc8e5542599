import type { ReactNode } from 'react';
import './Listbox.css';

interface ListboxProps<T extends { id: string }> {
  /** The list's id; option i is `${id}-${i}`, for the input's aria-activedescendant. */
  id: string;
  label: string;
  /** The list's own class beside `listbox-popup`, and each option's beside `listbox-option`. */
  className: string;
  optionClassName: string;
  hidden: boolean;
  options: readonly T[];
  active: number;
  onActive: (index: number) => void;
  onChoose: (option: T) => void;
  children: (option: T) => ReactNode;
}

/** A combobox's options under its input; the input keeps focus and handles the keys. */
export function Listbox<T extends { id: string }>(props: ListboxProps<T>) {
  const { id, options, active, onActive, onChoose } = props;
  return (
    <div
      id={id}
      role="listbox"
      aria-label={props.label}
      className={`listbox-popup ${props.className}`}
      hidden={props.hidden}
    >
      {options.map((option, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input (aria-activedescendant).
        <div
          key={option.id}
          tabIndex={-1}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={`listbox-option ${props.optionClassName}`}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActive(i)}
          onClick={() => onChoose(option)}
        >
          {props.children(option)}
        </div>
      ))}
    </div>
  );
}
