import { useCallback, useState } from 'react';

const key = 'fieldplan.board.side';
export const sideWidth = { min: 280, max: 960, step: 40, initial: 420 } as const;

export const clampSide = (px: number) => Math.round(Math.min(sideWidth.max, Math.max(sideWidth.min, px)));

interface SideState {
  width: number;
  collapsed: boolean;
}

function read(): SideState {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<SideState> | null;
    return {
      width: clampSide(typeof stored?.width === 'number' ? stored.width : sideWidth.initial),
      collapsed: stored?.collapsed === true,
    };
  } catch {
    return { width: sideWidth.initial, collapsed: false };
  }
}

/** The board's right pane: its width (resizable) and whether it is collapsed, kept for next time. */
export function useSideWidth() {
  const [state, setState] = useState(read);
  const save = useCallback((next: SideState) => {
    setState(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Private windows may refuse storage: the pane still works, just not remembered.
    }
  }, []);
  return {
    ...state,
    setWidth: (px: number) => save({ width: clampSide(px), collapsed: false }),
    setCollapsed: (collapsed: boolean) => save({ ...state, collapsed }),
  };
}
