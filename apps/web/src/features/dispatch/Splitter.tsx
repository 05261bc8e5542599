import { type RefObject, useState } from 'react';
import type { PaneLimits } from './use-side-width';

interface SplitterProps {
  /** The board: a pane's width is measured from the board's edge on the pane's side. */
  board: RefObject<HTMLElement | null>;
  /** Which edge of the board the pane sits on (the map right, the queue left). */
  edge: 'left' | 'right';
  label: string;
  limits: PaneLimits;
  width: number;
  /** Live while dragging (not remembered yet). */
  onDrag: (px: number) => void;
  /** The final width (remembered). */
  onChange: (px: number) => void;
  controls: string;
}

/**
 * The handle between the calendar and a side pane: drag it, or focus it and use ←/→ (Home/End
 * for the widest and narrowest). A WAI-ARIA window splitter.
 */
export function Splitter({ board, edge, label, limits, width, onDrag, onChange, controls }: SplitterProps) {
  const [dragging, setDragging] = useState(false);
  const widthAt = (clientX: number) => {
    const box = board.current?.getBoundingClientRect();
    if (!box) return width;
    return edge === 'right' ? box.right - clientX : clientX - box.left;
  };
  // The arrow pointing away from the pane widens it.
  const wider = edge === 'right' ? 'ArrowLeft' : 'ArrowRight';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, adjustable separator (window splitter pattern), not an <hr>
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      tabIndex={0}
      className={`board-splitter${dragging ? ' board-splitter-active' : ''}`}
      onKeyDown={(event) => {
        const by: Record<string, number> = {
          ArrowLeft: width + (wider === 'ArrowLeft' ? 1 : -1) * limits.step,
          ArrowRight: width + (wider === 'ArrowRight' ? 1 : -1) * limits.step,
          Home: limits.max,
          End: limits.min,
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
