import type { Problem } from '@fieldplan/shared';
import { createListenerMiddleware, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { isNetworkProblem, problemMessage } from '../lib/problem';
import { api } from './api';
import { type FailureNotice, noticed, type QueuedWrite, queued, sent, type WriteCall } from './failures-slice';

/** Writes whose failures their screens explain fully (sign-in and the like), or that run unseen. */
// Their screens say what went wrong; an optimised day is a plan of now, never replayed later.
const quietEndpoints = new Set([
  'signIn',
  'signUp',
  'signOut',
  'acceptInvitation',
  'shareLocation',
  'applyOptimisedDay',
]);

interface RejectedWrite {
  payload: unknown;
  meta: { requestId: string; arg: { type: string; endpointName: string; originalArgs: unknown } };
}

interface State {
  api: { config: { online: boolean } };
  failures: { queued: QueuedWrite[] };
}

type Initiate = (args: unknown) => UnknownAction & { requestId: string; unwrap(): Promise<unknown> };

/** Sends a write again, through the same endpoint (so its cache updates run as the first time). */
export function resend(dispatch: (action: unknown) => unknown, call: WriteCall) {
  const endpoint = (api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>)[call.endpointName];
  if (!endpoint) return null;
  return dispatch(endpoint.initiate(call.args)) as ReturnType<Initiate>;
}

const isRejectedWrite = (action: unknown): action is RejectedWrite =>
  isRejectedWithValue(action) && (action as unknown as RejectedWrite).meta?.arg?.type === 'mutation';

/** Which reaction a failed write gets: a Retry toast, a plain toast, or none (its screen explains). */
export function reactionTo(problem: Problem): 'retry' | 'notice' | null {
  if (isNetworkProblem(problem) || problem.status >= 500 || problem.code === 'rate_limited') return 'retry';
  if (problem.code === 'forbidden') return 'notice';
  return null;
}

/**
 * The shared reaction to failed writes (docs/PRODUCT.md, "Error catalogue"): a toast with Retry when sending again can
 * help, "no permission" for 403, and — offline — the write waits in a queue and is sent again when
 * the browser is back online. 401 (sign-in) and 412 (conflict dialog) are handled in the base query.
 */
export function failureListener() {
  const listener = createListenerMiddleware();
  const replays = new Set<string>();
  let nextId = 1;

  listener.startListening({
    predicate: isRejectedWrite,
    effect: (action, { dispatch, getState }) => {
      const { payload, meta } = action as unknown as RejectedWrite;
      const { endpointName, originalArgs } = meta.arg;
      if (replays.has(meta.requestId) || quietEndpoints.has(endpointName)) return;
      const problem = payload as Problem;
      const call = { endpointName, args: originalArgs };
      const id = `failure-${nextId++}`;
      if (isNetworkProblem(problem) && !(getState() as State).api.config.online) {
        dispatch(queued({ ...call, id }));
        return;
      }
      const reaction = reactionTo(problem);
      if (!reaction) return;
      const notice: FailureNotice = { id, tone: 'error', message: problemMessage(problem) };
      if (reaction === 'retry') notice.retry = call;
      dispatch(noticed(notice));
    },
  });

  // Back online: send what waited, in order; stop at the first that can't get through.
  listener.startListening({
    actionCreator: api.internalActions.onOnline,
    effect: async (_action, { dispatch, getState }) => {
      const waiting = [...(getState() as State).failures.queued];
      let delivered = 0;
      for (const write of waiting) {
        const request = resend(dispatch, write);
        if (!request) {
          dispatch(sent(write.id));
          continue;
        }
        replays.add(request.requestId);
        try {
          await request.unwrap();
          delivered += 1;
          dispatch(sent(write.id));
        } catch (error) {
          const problem = error as Problem;
          if (isNetworkProblem(problem)) break;
          dispatch(sent(write.id));
          const retry = reactionTo(problem) === 'retry' ? { retry: write } : {};
          dispatch(noticed({ id: `failure-${nextId++}`, tone: 'error', message: problemMessage(problem), ...retry }));
        } finally {
          replays.delete(request.requestId);
        }
      }
      if (delivered > 0) {
        const message =
          delivered === 1 ? 'Sent the change that was waiting' : `Sent ${delivered} changes that were waiting`;
        dispatch(noticed({ id: `failure-${nextId++}`, tone: 'success', message }));
      }
    },
  });
  return listener.middleware;
}
