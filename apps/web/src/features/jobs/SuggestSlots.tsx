import type { Job, Member, SlotSuggestions } from '@fieldplan/shared';
import { api } from '../../base/api';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { jobsPath } from '../../entities/job/endpoints';
import { formatJobTime } from '../../entities/job/format-time';
import { useUpdateJobMutation } from '../../entities/job/mutations';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import './SuggestSlots.css';

interface SuggestArgs {
  workspaceId: string;
  jobId: string;
  /** Asks again after the job changed. */
  version: number;
}

const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobSuggestions: build.query<SlotSuggestions, SuggestArgs>({
      query: ({ workspaceId, jobId }) => `${jobsPath(workspaceId)}/${encodeURIComponent(jobId)}/suggestions`,
    }),
  }),
});

const { useLazyJobSuggestionsQuery } = suggestionsApi;

/**
 * On an unscheduled job's detail, for dispatchers: "Suggest a time" lists the three
 * (technician, start) options that add the least drive; one click schedules the job there.
 */
export function SuggestSlots({
  workspaceId,
  job,
  timeZone,
  members,
}: {
  workspaceId: string;
  job: Job;
  timeZone: string;
  members: readonly Member[];
}) {
  const intl = useIntl();
  const [fetchSuggestions, { data, isFetching, error }] = useLazyJobSuggestionsQuery();
  const [update, { isLoading: saving }] = useUpdateJobMutation();
  const toast = useToast();
  if (job.start !== null || job.status !== 'unscheduled') return null;
  const located = job.lat !== null && job.lng !== null;
  const names = new Map(members.map((m) => [m.id, m]));

  const schedule = async (memberId: string, start: string, end: string) => {
    try {
      const patch = { start, end, assigneeIds: [memberId] };
      await update({ workspaceId, id: job.id, version: job.version, patch }).unwrap();
      const name = names.get(memberId)?.name;
      toast({
        tone: 'success',
        message: name
          ? intl.formatMessage({ id: 'jobs.suggest.scheduledWith' }, { name })
          : intl.formatMessage({ id: 'jobs.suggest.scheduledWithTechnician' }),
      });
    } catch (e) {
      toast({ tone: 'error', message: problemMessage(toProblem(e)) });
    }
  };

  return (
    <section className="suggest-slots" aria-label={intl.formatMessage({ id: 'jobs.suggest.label' })}>
      <Button
        size="sm"
        variant="secondary"
        icon="clock"
        loading={isFetching}
        disabled={!located}
        onClick={() => void fetchSuggestions({ workspaceId, jobId: job.id, version: job.version })}
      >
        <Message id="jobs.suggest.button" />
      </Button>
      {!located && (
        <p className="detail-note">
          <Message id="jobs.suggest.notLocated" />
        </p>
      )}
      {error && <p role="alert">{problemMessage(toProblem(error))}</p>}
      {data && !isFetching && (
        <>
          {data.notice && <p className="detail-note">{data.notice}</p>}
          {data.outsideServiceAreas && (
            <p className="detail-note">
              <Message id="jobs.suggest.outsideAreas" />
            </p>
          )}
          {data.options.length === 0 ? (
            <p className="detail-note">
              <Message id="jobs.suggest.none" />
            </p>
          ) : (
            <ul className="plain-list suggest-slot-list">
              {data.options.map((o) => {
                const m = names.get(o.memberId);
                return (
                  <li key={`${o.memberId}-${o.start}`} className="suggest-slot">
                    <Avatar name={m?.name ?? '?'} colour={m?.colour ?? '#9E9E9E'} size="sm" />
                    <span className="suggest-slot-text">
                      <strong>{m?.name ?? <Message id="jobs.suggest.formerMember" />}</strong>{' '}
                      {formatJobTime(o.start, o.end, false, timeZone)}{' '}
                      <span className="suggest-slot-drive">
                        <Message id="jobs.suggest.addedDrive" values={{ minutes: Math.round(o.addedTravelMinutes) }} />
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="primary"
                      loading={saving}
                      onClick={() => void schedule(o.memberId, o.start, o.end)}
                    >
                      <Message id="jobs.suggest.schedule" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
