import { type RefObject, useState } from 'react';
import { sideWidth } from './use-side-width';

interface SplitterProps {
  /** The board: the pane's width is measured from its right edge. */
  board: RefObject<HTMLElement | null>;
  width: number;
  /** Live while dragging (not remembered yet). */
  onDrag: (px: number) => void;
  /** The final width (remembered). */
  onChange: (px: number) => void;
  controls: string;
}

/**
 * The handle between the calendar and the map: drag it, or focus it and use ←/→ (Home/End for
 * the widest and narrowest). A WAI-ARIA window splitter.
 */
export function Splitter({ board, width, onDrag, onChange, controls }: SplitterProps) {
  const [dragging, setDragging] = useState(false);
  const widthAt = (clientX: number) => (board.current?.getBoundingClientRect().right ?? clientX) - clientX;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, adjustable separator (window splitter pattern), not an <hr>
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Map width"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={sideWidth.min}
      aria-valuemax={sideWidth.max}
      tabIndex={0}
      className={`board-splitter${dragging ? ' board-splitter-active' : ''}`}
      onKeyDown={(event) => {
        const by: Record<string, number> = {
          ArrowLeft: width + sideWidth.step,
          ArrowRight: width - sideWidth.step,
          Home: sideWidth.max,
          End: sideWidth.min,
        };
        const next = by[event.key];
        if (next === undefined) return;
        event.preventDefault();
        onChange(next);
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragging(true);
      }}
      onPointerMove={(event) => {
        if (dragging) onDrag(widthAt(event.clientX));
      }}
      onPointerUp={(event) => {
        if (!dragging) return;
        setDragging(false);
        onChange(widthAt(event.clientX));
      }}
      onPointerCancel={() => setDragging(false)}
    />
  );
}
