import type { AppDispatch } from '../../base/store-types';
import { deviceDate, forgetShift, rememberShift } from './sharing-memory';
import { type SharingStatus, sharingStarted, sharingStopped } from './sharing-slice';

/** The person switches sharing on: it starts now and is remembered for the shift (sharing-memory.ts). */
export function startSharing(workspaceId: string, userId: string) {
  return (dispatch: AppDispatch) => {
    rememberShift({ userId, workspaceId, date: deviceDate(new Date()) });
    dispatch(sharingStarted(workspaceId));
  };
}

/**
 * Sharing ends for the shift: switched off, the browser refused, or the day's last visit is done.
 * (Leaving the app shell only pauses it: `sharingStopped` alone, so a reload carries on.)
 */
export function stopSharing(reason?: SharingStatus) {
  return (dispatch: AppDispatch) => {
    forgetShift();
    dispatch(sharingStopped(reason));
  };
}
