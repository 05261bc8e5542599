import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A write to send again: which endpoint, with which arguments. */
export interface WriteCall {
  endpointName: string;
  args: unknown;
}

/** A write that failed because the browser was offline; sent again when it is back online. */
export interface QueuedWrite extends WriteCall {
  id: string;
}

/** A failure to tell the user about, with Retry where sending it again can help. */
export interface FailureNotice {
  id: string;
  message: string;
  tone: 'error' | 'success' | 'info';
  retry?: WriteCall;
}

/** 412 on a write the screen doesn't handle itself: their version beside mine, and a choice. */
export interface ConflictQuestion {
  id: string;
  /** "customer", "area". */
  noun: string;
  theirVersion: number;
  rows: { label: string; theirs: string; mine: string; differs: boolean }[];
}

interface FailuresState {
  queued: QueuedWrite[];
  notices: FailureNotice[];
  conflict: ConflictQuestion | null;
}

const initialState: FailuresState = { queued: [], notices: [], conflict: null };

/** What went wrong with writes, for the app shell: toasts, the offline queue, the conflict dialog. */
export const failuresSlice = createSlice({
  name: 'failures',
  initialState,
  reducers: {
    queued(state, { payload }: PayloadAction<QueuedWrite>) {
      state.queued.push(payload);
    },
    sent(state, { payload }: PayloadAction<string>) {
      state.queued = state.queued.filter((q) => q.id !== payload);
    },
    noticed(state, { payload }: PayloadAction<FailureNotice>) {
      state.notices.push(payload);
    },
    shown(state, { payload }: PayloadAction<string>) {
      state.notices = state.notices.filter((n) => n.id !== payload);
    },
    asked(state, { payload }: PayloadAction<ConflictQuestion>) {
      state.conflict = payload;
    },
    answered(state) {
      state.conflict = null;
    },
  },
  selectors: {
    selectQueued: (state) => state.queued,
    selectNotices: (state) => state.notices,
    selectConflict: (state) => state.conflict,
  },
});

export const { queued, sent, noticed, shown, asked, answered } = failuresSlice.actions;
export const { selectQueued, selectNotices, selectConflict } = failuresSlice.selectors;

/** How the offline banner names a waiting write. */
const writeLabels: Record<string, string> = {
  createJob: 'a new job',
  updateJob: 'a job edit',
  deleteJob: 'a job deletion',
  changeJobStatus: 'a job status change',
  updateMember: 'a team change',
  createCustomer: 'a new customer',
  updateCustomer: 'a customer edit',
  deleteCustomer: 'a customer deletion',
  updateWorkspace: 'a settings change',
  createArea: 'a new area',
  updateArea: 'an area edit',
  deleteArea: 'an area deletion',
  createInvitation: 'an invitation',
  revokeInvitation: 'an invitation revocation',
};

export const writeLabel = (endpointName: string): string => writeLabels[endpointName] ?? 'a change';
