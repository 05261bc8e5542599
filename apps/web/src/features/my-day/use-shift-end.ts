import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { stopSharing, useSharingSwitch } from '../locations';

/**
 * Ends location sharing with the shift: when today's last open visit is completed or cancelled
 * while my day is open, sharing switches off and is forgotten (docs/PRODUCT.md, "My day"). Only a
 * change seen here counts, so switching it on again after the day's work stays on.
 */
export function useShiftEnd(today: { openCount: number; total: number } | null): void {
  const sharing = useSharingSwitch();
  const dispatch = useAppDispatch();
  const sawOpen = useRef(false);
  const on = sharing?.on ?? false;
  const openCount = today?.openCount ?? null;
  const total = today?.total ?? 0;
  useEffect(() => {
    if (openCount === null) return;
    if (openCount > 0) {
      sawOpen.current = true;
      return;
    }
    if (sawOpen.current && total > 0) {
      sawOpen.current = false;
      if (on) dispatch(stopSharing());
    }
  }, [openCount, total, on, dispatch]);
}
