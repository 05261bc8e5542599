import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface TypedValueOptions {
  /** The ISO value ("2026-11-30", "14:00"), '' for none, or text that was no value as it was typed. */
  value: string;
  /** ISO, '' when cleared, or the typed text when it is no value (so a form's rules can reject it). */
  onChange: (value: string) => void;
  /** Typed text → ISO, or null. */
  parse: (text: string) => string | null;
  /** While typing: whether the text is finished enough to give its value (a date its four-digit year). */
  complete?: (text: string) => boolean;
  /** ISO → the text shown. */
  format: (iso: string) => string;
  /** ArrowUp/ArrowDown: the ISO after stepping the part under the caret; and where that part is in new text. */
  step: (iso: string, text: string, caret: number, by: number) => { iso: string; part: number };
  partRange: (text: string, part: number) => [number, number];
  /** What ArrowUp steps from in an empty field. */
  empty: () => string;
  /** Give each keystroke's value at once (a form); otherwise on Enter and when leaving (navigation). */
  live: boolean;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
}

/**
 * The text of a date or time field and the ISO value behind it: typing gives the value (or the
 * text, when it is none), leaving rewrites it in the workspace's format, ArrowUp/ArrowDown step
 * the part under the caret. `invalid` is set once the field was left holding text that is no value.
 */
export function useTypedValue(o: TypedValueOptions, input: RefObject<HTMLInputElement | null>) {
  const shown = (value: string) => (o.parse(o.format(value)) !== null ? o.format(value) : value);
  const [text, setText] = useState(() => shown(o.value));
  const [left, setLeft] = useState(false);
  const emitted = useRef(o.value);
  const selection = useRef<[number, number] | null>(null);

  // A value from outside (a reset, the end moved with the start) replaces the text.
  useEffect(() => {
    if (o.value === emitted.current) return;
    emitted.current = o.value;
    setText(o.parse(o.format(o.value)) !== null ? o.format(o.value) : o.value);
    setLeft(false);
  }, [o.value, o.format, o.parse]);

  useLayoutEffect(() => {
    const range = selection.current;
    if (range && input.current) {
      input.current.setSelectionRange(range[0], range[1]);
      selection.current = null;
    }
  });

  const emit = (value: string) => {
    if (value === emitted.current) return;
    emitted.current = value;
    o.onChange(value);
  };
  const typedValue = (t: string) => (t.trim() === '' ? '' : (o.parse(t) ?? t));
  const invalid = left && text.trim() !== '' && o.parse(text) === null;

  return {
    text,
    invalid,
    /** Sets a chosen value (the calendar). */
    choose(iso: string) {
      setText(o.format(iso));
      setLeft(false);
      emit(iso);
    },
    inputProps: {
      value: text,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        const next = event.target.value;
        setText(next);
        // A half-typed date ("5.7.20") would read as another year: it counts once finished or left.
        if (o.live) emit(o.complete && !o.complete(next) ? next : typedValue(next));
      },
      onBlur(event: FocusEvent<HTMLInputElement>) {
        const parsed = o.parse(text);
        if (parsed !== null) setText(o.format(parsed));
        setLeft(true);
        emit(typedValue(text));
        o.onBlur?.(event);
      },
      onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
        if (event.key === 'Enter' && !o.live) {
          const parsed = o.parse(text);
          if (parsed !== null) setText(o.format(parsed));
          setLeft(true);
          emit(typedValue(text));
          return;
        }
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        if (event.altKey || event.metaKey || event.ctrlKey) return;
        const from = o.parse(text) ?? (text.trim() === '' ? o.empty() : null);
        if (from === null) return;
        event.preventDefault();
        const caret = event.currentTarget.selectionStart ?? 0;
        const { iso, part } = o.step(
          from,
          text.trim() === '' ? o.format(from) : text,
          caret,
          event.key === 'ArrowUp' ? 1 : -1,
        );
        const next = o.format(iso);
        selection.current = o.partRange(next, part);
        setText(next);
        setLeft(false);
        emit(iso);
      },
    },
  };
}
