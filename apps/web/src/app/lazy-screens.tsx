import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Loading, Skeleton } from '../components/Skeleton';
import { BoardSkeleton } from '../features/dispatch/BoardSkeleton';
import { useIntl } from '../lib/i18n';

/** A screen loaded on demand (its code, e.g. FullCalendar, stays out of the first bundle). */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

type ScheduleModule = typeof import('../features/dispatch/ScheduleLayout');
let scheduleModule: ScheduleModule | undefined;
let scheduleLoading: Promise<ScheduleModule> | undefined;
const loadSchedule = () => {
  scheduleLoading ??= import('../features/dispatch/ScheduleLayout').then((m) => {
    scheduleModule = m;
    return m;
  });
  return scheduleLoading;
};
// Once the code is here, hand it to React.lazy synchronously: a promise would suspend once more,
// and React holds a revealed Suspense boundary back for up to 300 ms.
const ScheduleLayout = lazy(() => {
  const loaded = scheduleModule;
  if (!loaded) return loadSchedule();
  // A thenable that answers at once (React reads it without suspending); typed as the Promise lazy() wants.
  // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one resolves synchronously on purpose.
  return { then: (resolve: (m: ScheduleModule) => void) => resolve(loaded) } as unknown as Promise<ScheduleModule>;
});

// Opened straight on the board (a link, a reload): fetch its code while /me is on its way,
// instead of after the workspace has been resolved.
if (typeof window !== 'undefined' && /^\/w\/[^/]+\/(dispatch|calendar|jobs)(\/|$)/.test(window.location.pathname)) {
  void loadSchedule();
}
const JobNewPanel = screen(() => import('../features/jobs/JobNewPanel'), 'JobNewPanel');
const JobDetailPanel = screen(() => import('../features/jobs/JobDetailPanel'), 'JobDetailPanel');
const JobEditPanel = screen(() => import('../features/jobs/JobEditPanel'), 'JobEditPanel');
const CustomersPage = screen(() => import('../features/customers/CustomersPage'), 'CustomersPage');
const ImportPage = screen(() => import('../features/import/ImportPage'), 'ImportPage');
const MyDayPage = screen(() => import('../features/my-day/MyDayPage'), 'MyDayPage');
const WorkRecordPage = screen(() => import('../features/work-record/WorkRecordPage'), 'WorkRecordPage');
const ChecklistTemplatesPage = screen(
  () => import('../features/work-record/ChecklistTemplatesPage'),
  'ChecklistTemplatesPage',
);
const NotificationSettingsPage = screen(
  () => import('../features/notifications/NotificationSettingsPage'),
  'NotificationSettingsPage',
);
const BookingSettingsPage = screen(
  () => import('../features/booking/office/BookingSettingsPage'),
  'BookingSettingsPage',
);
const RequestsPage = screen(() => import('../features/booking/office/RequestsPage'), 'RequestsPage');
const VisitReportPage = screen(() => import('../features/work-record/VisitReportPage'), 'VisitReportPage');
const TrackingRoute = screen(() => import('../features/tracking/TrackingRoute'), 'TrackingRoute');
// The Feeds screen carries the QR code generator: loaded when opened.
const FeedsPage = screen(() => import('../features/feeds/FeedsPage'), 'FeedsPage');
const CustomerDetailPage = screen(() => import('../features/customers/CustomerDetailPage'), 'CustomerDetailPage');
// Settings carries the map-centre picker, and with it Leaflet: in the first bundle it made every page
// evaluate Leaflet in its first task (docs/PERFORMANCE.md, "Calendar render").
const SettingsPage = screen(() => import('../features/settings/SettingsPage'), 'SettingsPage');

const suspended = (node: ReactNode, fallback: ReactNode = null) => <Suspense fallback={fallback}>{node}</Suspense>;

export const scheduleLayout = suspended(<ScheduleLayout />, <BoardSkeleton />);
export const jobNewPanel = suspended(<JobNewPanel />);
export const jobDetailPanel = suspended(<JobDetailPanel />);
export const jobEditPanel = suspended(<JobEditPanel />);
/** While a screen's code loads: its heading and a block, instead of an empty page. */
function ScreenSkeleton() {
  const intl = useIntl();
  return (
    <Loading label={intl.formatMessage({ id: 'app.screen.loading' })}>
      <div className="screen-skeleton">
        <Skeleton width={220} height={24} />
        <Skeleton width="55%" />
        <Skeleton height={180} />
      </div>
    </Loading>
  );
}
const screenFallback = <ScreenSkeleton />;
export const customersPage = suspended(<CustomersPage />, screenFallback);
export const customerDetailPage = suspended(<CustomerDetailPage />, screenFallback);
export const importPage = suspended(<ImportPage />, screenFallback);
export const myDayPage = suspended(<MyDayPage />, screenFallback);
export const workRecordPage = suspended(<WorkRecordPage />, screenFallback);
export const visitReportPage = suspended(<VisitReportPage />, screenFallback);
export const checklistTemplatesPage = suspended(<ChecklistTemplatesPage />, screenFallback);
export const notificationSettingsPage = suspended(<NotificationSettingsPage />, screenFallback);
export const bookingSettingsPage = suspended(<BookingSettingsPage />, screenFallback);
export const requestsPage = suspended(<RequestsPage />, screenFallback);
export const trackingPage = suspended(<TrackingRoute />, screenFallback);
export const feedsPage = suspended(<FeedsPage />, screenFallback);
export const settingsPage = suspended(<SettingsPage />, screenFallback);
