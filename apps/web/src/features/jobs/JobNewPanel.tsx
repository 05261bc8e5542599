import { can } from '@fieldplan/shared';
import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { NotAllowed } from '../../components/NotAllowed';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useCreateJobMutation } from '../../entities/job/mutations';
import { Message, useIntl } from '../../lib/i18n';
import { useGetCustomerQuery } from '../customers';
import { JobForm } from './JobForm';
import { type JobPrefill, toFormValues } from './job-form-schema';
import { toCreate } from './job-payload';
import { useJobPanel } from './use-job-panel';

/** `/w/:slug/jobs/new`: the job form over the board, prefilled from the slot that was clicked. */
export function JobNewPanel() {
  const { workspaceId, role, settings, links, navigate, toast, problem, technicians } = useJobPanel();
  const intl = useIntl();
  const [create, { isLoading }] = useCreateJobMutation();
  const { search } = links;
  // "New job" on a customer's page: the job is for them, at their place.
  const customerId = search.get('customerId');
  const customer = useGetCustomerQuery({ workspaceId, id: customerId ?? '' }, { skip: !customerId });
  const customerPrefill = useMemo<JobPrefill>(() => {
    const c = customer.data;
    if (!c) return {};
    return { customerId: c.id, customerName: c.name, address: c.address, lat: c.lat, lng: c.lng };
  }, [customer.data]);
  const defaults = useMemo(
    () =>
      toFormValues(null, settings.timeZone, {
        start: search.get('start'),
        end: search.get('end'),
        allDay: search.get('allDay') === 'true',
        technicianId: search.get('technicianId'),
        minutes: settings.defaultJobMinutes,
        ...customerPrefill,
      }),
    [search, settings.timeZone, settings.defaultJobMinutes, customerPrefill],
  );
  const close = () => navigate(links.board);

  if (!can(role, 'schedule.write')) {
    return (
      <Drawer title={intl.formatMessage({ id: 'jobs.new.title' })} onClose={close}>
        <NotAllowed icon="calendar" title={{ id: 'jobs.new.forbiddenTitle' }} hint={{ id: 'jobs.new.forbiddenBody' }} />
      </Drawer>
    );
  }
  return (
    <Drawer
      title={intl.formatMessage({ id: 'jobs.new.title' })}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>
            <Message id="jobs.new.cancel" />
          </Button>
          <Button type="submit" form="job-form" variant="primary" loading={isLoading}>
            <Message id="jobs.new.create" />
          </Button>
        </>
      }
    >
      {customer.isLoading ? (
        <Loading label={intl.formatMessage({ id: 'jobs.new.loadingCustomer' })}>
          <Skeleton height={32} />
        </Loading>
      ) : (
        <JobForm
          id="job-form"
          workspaceId={workspaceId}
          zone={settings.timeZone}
          technicians={technicians}
          defaultValues={defaults}
          workingHours={settings.workingHours}
          message={problem.message}
          onSubmit={async (values, form) => {
            problem.clear();
            try {
              const job = await create({ workspaceId, job: toCreate(values, settings.timeZone) }).unwrap();
              toast({
                tone: 'success',
                message: intl.formatMessage({ id: 'jobs.new.created' }, { title: job.title }),
              });
              await navigate(links.job(job.id, null), { replace: true });
            } catch (error) {
              problem.report(error, form);
            }
          }}
        />
      )}
    </Drawer>
  );
}
