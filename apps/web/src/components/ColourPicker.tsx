import { type KeyboardEvent, useRef, useState } from 'react';
import { colourName, textOn } from '../lib/colour';
import { Icon } from './Icon';
import './ColourPicker.css';

interface ColourPickerProps {
  colours: readonly string[];
  value: string;
  onChange: (colour: string) => void;
  label: string;
  /** Swatches per row; arrow Up/Down move by a row. */
  columns?: number;
}

/**
 * A palette as a listbox: arrows, Home and End move, Enter or Space (or a click) chooses.
 * Choosing doesn't follow focus, so browsing the palette sends nothing to the server.
 */
export function ColourPicker({ colours, value, onChange, label, columns = 6 }: ColourPickerProps) {
  const selected = Math.max(
    0,
    colours.findIndex((c) => c.toLowerCase() === value.toLowerCase()),
  );
  const [active, setActive] = useState(selected);
  const refs = useRef<(HTMLDivElement | null)[]>([]);

  const focus = (index: number) => {
    const next = Math.min(colours.length - 1, Math.max(0, index));
    setActive(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + columns,
      ArrowUp: active - columns,
      Home: 0,
      End: colours.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focus(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const colour = colours[active];
      if (colour) onChange(colour);
    }
  };

  return (
    <div
      role="listbox"
      aria-label={label}
      aria-orientation="horizontal"
      className="colour-picker"
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      onKeyDown={onKeyDown}
    >
      {colours.map((colour, index) => {
        const isSelected = index === selected && colour.toLowerCase() === value.toLowerCase();
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled once on the listbox (roving focus).
          <div
            key={colour}
            ref={(el) => {
              refs.current[index] = el;
            }}
            role="option"
            aria-selected={isSelected}
            aria-label={colourName(colour)}
            tabIndex={index === active ? 0 : -1}
            className="colour-swatch"
            style={{ background: colour, color: textOn(colour) }}
            title={colourName(colour)}
            onClick={() => {
              setActive(index);
              onChange(colour);
            }}
          >
            {isSelected && <Icon name="check" size={14} strokeWidth={2.6} />}
          </div>
        );
      })}
    </div>
  );
}
