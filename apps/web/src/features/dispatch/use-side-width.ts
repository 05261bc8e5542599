import { useCallback, useState } from 'react';
import { readPreference, writePreference } from '../../lib/user-preference';

/** A board pane's width limits (px): it can't be dragged to nothing nor crowd out the calendar. */
export interface PaneLimits {
  min: number;
  max: number;
  step: number;
  initial: number;
  /** Whether the pane starts collapsed for a user who never opened or closed it. */
  startsCollapsed: boolean;
}

const windowWidth = typeof window === 'undefined' ? 1440 : window.innerWidth;
// The map starts at a quarter of the window. Below 1,440 px it starts hidden: beside it the working
// day's hours get too narrow for a 1-hour job's title (docs/PRODUCT.md, "The dispatch board").
const initialSide = Math.round(Math.min(420, Math.max(280, windowWidth / 4)));
export const sideWidth: PaneLimits = {
  min: 280,
  max: 960,
  step: 40,
  initial: initialSide,
  startsCollapsed: windowWidth < 1440,
};
export const queueWidth: PaneLimits = { min: 200, max: 440, step: 40, initial: 248, startsCollapsed: false };

export const clampTo = (limits: PaneLimits, px: number) => Math.round(Math.min(limits.max, Math.max(limits.min, px)));
export const clampSide = (px: number) => clampTo(sideWidth, px);

interface PaneState {
  width: number;
  collapsed: boolean;
}

function read(name: string, userId: string, limits: PaneLimits): PaneState {
  const stored = readPreference(name, userId) as Partial<PaneState> | null;
  return {
    width: clampTo(limits, typeof stored?.width === 'number' ? stored.width : limits.initial),
    collapsed: typeof stored?.collapsed === 'boolean' ? stored.collapsed : limits.startsCollapsed,
  };
}

/**
 * One of the board's side panes (the map on the right, the queue on the left): its width
 * (resizable) and whether it is collapsed, remembered per user in this browser. While its splitter
 * is dragged, `width` follows the drag; the width on release is remembered.
 */
export function usePaneWidth(pane: 'side' | 'queue', userId: string, limits: PaneLimits) {
  const name = `board.${pane}`;
  const [state, setState] = useState(() => read(name, userId, limits));
  const save = useCallback(
    (next: PaneState) => {
      setState(next);
      writePreference(name, userId, next);
    },
    [name, userId],
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const setWidth = (px: number) => save({ width: clampTo(limits, px), collapsed: false });
  const width = dragged ?? state.width;
  return {
    width,
    collapsed: state.collapsed,
    setWidth,
    setCollapsed: (collapsed: boolean) => save({ ...state, collapsed }),
    /** What the pane's Splitter needs of it. */
    splitter: {
      limits,
      width,
      onDrag: (px: number) => setDragged(clampTo(limits, px)),
      onChange: (px: number) => {
        setDragged(null);
        setWidth(px);
      },
    },
  };
}
