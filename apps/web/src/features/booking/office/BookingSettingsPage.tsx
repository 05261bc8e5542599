import { can } from '@fieldplan/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { LoadFailedState } from '../../../components/LoadFailed';
import { NotAllowed } from '../../../components/NotAllowed';
import { PageHeader } from '../../../components/Panel';
import { Loading, Skeleton } from '../../../components/Skeleton';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BookingSettingsForm } from './BookingSettingsForm';
import { EmbedPanel } from './EmbedPanel';
import { useBookingSettingsQuery } from './endpoints';
import { ServicesPanel } from './ServicesPanel';
import './Booking-office.css';

/** `/w/:slug/settings/booking`: the public booking page's rules, services and embed code (owners, dispatchers). */
export function BookingSettingsPage() {
  const { workspaceId, slug, role } = useWorkspace();
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'booking.settings.title' }));
  const allowed = can(role, 'booking.manage');
  const { data, error, refetch } = useBookingSettingsQuery(workspaceId, { skip: !allowed });

  if (!allowed) {
    return (
      <NotAllowed
        title={{ id: 'booking.settings.notAllowed' }}
        hint={{ id: 'booking.settings.notAllowedHint' }}
        action={
          <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
            <Message id="booking.settings.backToOverview" />
          </Link>
        }
      />
    );
  }

  return (
    <>
      <PageHeader
        title={<Message id="booking.settings.heading" />}
        description={<Message id="booking.settings.description" />}
        actions={
          <Link to={`/w/${slug}/requests`} className={buttonClass('secondary')}>
            <Message id="booking.settings.requests" />
          </Link>
        }
      />
      {data ? (
        <div className="booking-office">
          <BookingSettingsForm key={data.version} settings={data} editable onReload={() => void refetch()} />
          <ServicesPanel editable />
          <EmbedPanel publicUrl={data.publicUrl} embedSnippet={data.embedSnippet} slug={slug} />
        </div>
      ) : error ? (
        <LoadFailedState
          title={intl.formatMessage({ id: 'booking.settings.loadFailed' })}
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Loading label={intl.formatMessage({ id: 'booking.settings.loading' })}>
          <Skeleton height={240} />
        </Loading>
      )}
    </>
  );
}
