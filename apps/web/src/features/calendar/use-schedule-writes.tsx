import type { EditScope, FlexibleWindow, Job, JobPatch, Member, Workspace } from '@fieldplan/shared';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../base/hooks';
import { useToast } from '../../components/use-toast';
import { applyJobChange, eventContextOf, type Undo } from '../../entities/job/apply-job-change';
import { ConflictDialog } from '../../entities/job/ConflictDialog';
import { type Conflict, conflictOf, type JobSnapshot, theirSnapshot } from '../../entities/job/conflict';
import { jobsApi } from '../../entities/job/endpoints';
import { formatJobTime } from '../../entities/job/format-time';
import { useUpdateJobMutation } from '../../entities/job/mutations';
import { ScopeDialog } from '../../entities/job/ScopeDialog';
import { cachedJob, moveEventOptimistically } from '../../entities/job/schedule-cache';
import { t } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { bookingOf, cachedBookings, clashMessage, clashOf } from './double-book-notice';
import type { MoveRequest } from './fc-translate';
import { windowAfterMove } from './flexible-move';
import type { DropRequest } from './ScheduleCalendar';

/** One write the board is making: what to send, and how to show it before the server answers. */
interface Write {
  jobId: string;
  /** The visit it moves (the job's id for a job taken from the queue). */
  eventId: string;
  title: string;
  occurrenceKey: string | null;
  patch: JobPatch;
  mine: JobSnapshot;
  optimistic: () => Undo;
  /** What puts it back (a one-off move, one occurrence, a job taken from the queue); null when a series split. */
  reverse: JobPatch | null;
}

interface Pending {
  write: Write;
  scope: EditScope | undefined;
  conflict: Conflict;
}

/**
 * Drag and drop on the calendar: asks the scope of a recurring change, updates the cache at once,
 * sends the PATCH with If-Match, rolls back on failure, and on 412 shows what changed with
 * "Reload" (take theirs) and "Keep mine" (send again on their version).
 */
export function useScheduleWrites(workspace: Workspace, members: readonly Member[]) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const toast = useToast();
  const [update] = useUpdateJobMutation();
  const [scopeFor, setScopeFor] = useState<{ write: Write; version: number; revert: () => void } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const workspaceId = workspace.id;
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);

  const send = useCallback(
    async (write: Write, version: number, scope: EditScope | undefined) => {
      // Asked before the cache moves: does the new place double-book someone? Then the toast says so.
      const { visits, busy } = cachedBookings(store.getState(), workspaceId, workspace.timeZone);
      const booking = bookingOf(write.eventId, write.jobId, write.mine, visits);
      const clash = booking && clashOf(booking, visits, busy);
      const undo = write.optimistic();
      try {
        const change = await update({
          workspaceId,
          id: write.jobId,
          version,
          patch: write.patch,
          scope,
          occurrence: scope ? write.occurrenceKey : null,
        }).unwrap();
        const saved = change.jobs.find((j) => j.id === write.jobId);
        const reverse = write.reverse && (scope === undefined || scope === 'this') && saved ? write.reverse : null;
        const when = t(
          { id: 'calendar.write.moved' },
          {
            title: write.title,
            time: formatJobTime(write.mine.start, write.mine.end, write.mine.allDay, workspace.timeZone),
          },
        );
        toast({
          tone: clash ? 'info' : 'success',
          message: clash
            ? t({ id: 'calendar.write.movedClash' }, { moved: when, clash: clashMessage(clash, names) })
            : when,
          ...(reverse &&
            saved && {
              action: {
                label: t({ id: 'calendar.write.undo' }),
                onClick: () => {
                  const back = {
                    workspaceId,
                    id: write.jobId,
                    version: saved.version,
                    patch: reverse,
                    scope,
                    occurrence: scope ? write.occurrenceKey : null,
                  };
                  update(back)
                    .unwrap()
                    .catch((error: unknown) => toast({ tone: 'error', message: problemMessage(toProblem(error)) }));
                },
              },
            }),
        });
      } catch (error) {
        undo();
        const conflict = conflictOf(error);
        if (conflict) setPending({ write, scope, conflict });
        else toast({ tone: 'error', message: problemMessage(toProblem(error)) });
      }
    },
    [update, workspaceId, toast, workspace.timeZone, store, names],
  );

  /** A flexible job's window (from the cache, else asked for); null when it has none or can't be had. */
  const windowOf = useCallback(
    async (jobId: string): Promise<FlexibleWindow | null> => {
      const held = cachedJob(store.getState(), workspaceId, jobId);
      if (held) return held.flexibleWindow;
      const request = dispatch(jobsApi.endpoints.getJob.initiate({ workspaceId, id: jobId }));
      try {
        const job: Job = await request.unwrap();
        return job.flexibleWindow;
      } catch {
        // The move is sent as it is: the server names the problem if the window is in the way.
        return null;
      } finally {
        request.unsubscribe();
      }
    },
    [dispatch, store, workspaceId],
  );

  const moveNow = useCallback(
    async (m: MoveRequest) => {
      const patch: JobPatch = { start: m.start, end: m.end };
      if (m.assigneeIds) patch.assigneeIds = m.assigneeIds;
      // A flexible visit dragged out of its window takes the window along.
      const window = m.flexible && !m.allDay ? await windowOf(m.jobId) : null;
      const shifted = window ? windowAfterMove(window, m.previous, m) : null;
      if (shifted) patch.flexibleWindow = shifted;
      const write: Write = {
        jobId: m.jobId,
        eventId: m.eventId,
        title: m.title,
        occurrenceKey: m.occurrenceKey,
        patch,
        mine: {
          title: m.title,
          start: m.start,
          end: m.end,
          allDay: m.allDay,
          assigneeIds: m.assigneeIds ?? m.previous.assigneeIds,
        },
        reverse: {
          start: m.previous.start,
          end: m.previous.end,
          ...(m.assigneeIds && { assigneeIds: m.previous.assigneeIds }),
          ...(shifted && { flexibleWindow: window }),
        },
        optimistic: () =>
          dispatch(
            moveEventOptimistically(workspaceId, {
              eventId: m.eventId,
              start: m.start,
              end: m.end,
              assigneeIds: m.assigneeIds,
            }),
          ),
      };
      if (m.recurring) setScopeFor({ write, version: m.version, revert: m.revert });
      else void send(write, m.version, undefined);
    },
    [dispatch, send, workspaceId, windowOf],
  );
  const move = useCallback((m: MoveRequest) => void moveNow(m), [moveNow]);

  const dropJob = useCallback(
    (d: DropRequest) => {
      const job = cachedJob(store.getState(), workspaceId, d.jobId);
      const assigneeIds = d.technicianId ? [d.technicianId] : (job?.assigneeIds ?? []);
      const patch: JobPatch = { start: d.start, end: d.end, allDay: false, assigneeIds };
      const write: Write = {
        jobId: d.jobId,
        eventId: d.jobId,
        title: d.title,
        occurrenceKey: null,
        patch,
        mine: { title: d.title, start: d.start, end: d.end, allDay: false, assigneeIds },
        // A queued job may already have a time (one with no technician): Undo gives it back.
        reverse: {
          start: job?.start ?? null,
          end: job?.end ?? null,
          ...(job?.start && { allDay: job.allDay }),
          assigneeIds: job?.assigneeIds ?? [],
        },
        optimistic: () => {
          if (!job) return () => {};
          const status = assigneeIds.length > 0 ? 'scheduled' : job.status;
          const data = { ...job, start: d.start, end: d.end, allDay: false, assigneeIds, status };
          return dispatch(applyJobChange(workspaceId, { entity: 'job', action: 'updated', data }));
        },
      };
      void send(write, job?.version ?? d.version, undefined);
    },
    [dispatch, send, store, workspaceId],
  );

  const ctx = eventContextOf(workspace, [...members]);
  const theirs = pending && ctx ? theirSnapshot(pending.conflict.current, pending.write.occurrenceKey, ctx) : null;

  const reload = () => {
    if (!pending) return;
    dispatch(applyJobChange(workspaceId, { entity: 'job', action: 'updated', data: pending.conflict.current }));
    setPending(null);
  };
  const keepMine = async () => {
    if (!pending) return;
    setBusy(true);
    const { write, scope, conflict } = pending;
    setPending(null);
    await send(write, conflict.currentVersion, scope);
    setBusy(false);
  };

  const dialogs = (
    <>
      <ScopeDialog
        open={scopeFor !== null}
        action="move"
        title={scopeFor?.write.title ?? ''}
        onCancel={() => {
          scopeFor?.revert();
          setScopeFor(null);
        }}
        onChoose={(scope) => {
          if (!scopeFor) return;
          setScopeFor(null);
          void send(scopeFor.write, scopeFor.version, scope);
        }}
      />
      {pending && (
        <ConflictDialog
          open
          mine={pending.write.mine}
          theirs={theirs}
          theirVersion={pending.conflict.currentVersion}
          zone={workspace.timeZone}
          names={names}
          busy={busy}
          onReload={reload}
          onKeepMine={() => void keepMine()}
        />
      )}
    </>
  );
  return { move, dropJob, dialogs };
}
