import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Loading, Skeleton } from '../components/Skeleton';
import { BoardSkeleton } from '../features/dispatch/BoardSkeleton';
import { chooseLocale, hasMessages, needMessages, storedLanguage, useIntl } from '../lib/i18n';

/**
 * A screen loaded on demand (its code, e.g. FullCalendar, stays out of the first bundle), with the
 * parts of the page's language it shows (its feature's messages, and those of the features it draws):
 * it draws once both are here, so a German page never shows it in English first.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, parts: readonly string[]) {
  return lazy(() => Promise.all([load(), needMessages(parts)]).then(([module]) => ({ default: module[name] })));
}

type ScheduleModule = typeof import('../features/dispatch/ScheduleLayout');
let scheduleModule: ScheduleModule | undefined;
let scheduleLoading: Promise<ScheduleModule> | undefined;
/** The board's and the calendar's parts of the page's language (the map pane's and the optimiser's too). */
const scheduleParts = ['calendar', 'dispatch', 'map', 'optimise'];
const loadSchedule = () => {
  scheduleLoading ??= import('../features/dispatch/ScheduleLayout').then((m) => {
    scheduleModule = m;
    return m;
  });
  return Promise.all([scheduleLoading, needMessages(scheduleParts)]).then(([m]) => m);
};
// Once the code is here, hand it to React.lazy synchronously: a promise would suspend once more,
// and React holds a revealed Suspense boundary back for up to 300 ms.
const ScheduleLayout = lazy(() => {
  const loaded = scheduleModule;
  if (!loaded || !hasMessages(scheduleParts)) return loadSchedule();
  // A thenable that answers at once (React reads it without suspending); typed as the Promise lazy() wants.
  // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one resolves synchronously on purpose.
  return { then: (resolve: (m: ScheduleModule) => void) => resolve(loaded) } as unknown as Promise<ScheduleModule>;
});

// Opened straight on the board (a link, a reload): fetch its code while /me is on its way,
// instead of after the workspace has been resolved.
// Its messages too, in the language the page will likely show (the one this browser showed last).
if (typeof window !== 'undefined' && /^\/w\/[^/]+\/(dispatch|calendar|jobs)(\/|$)/.test(window.location.pathname)) {
  void loadSchedule();
  void needMessages(scheduleParts, chooseLocale(storedLanguage()));
}
const JobNewPanel = screen(() => import('../features/jobs/JobNewPanel'), 'JobNewPanel', [
  'customers',
  'jobs',
  'map',
  'places',
]);
const JobDetailPanel = screen(() => import('../features/jobs/JobDetailPanel'), 'JobDetailPanel', [
  'jobs',
  'map',
  'notifications',
  'tracking',
  'work-record',
]);
const JobEditPanel = screen(() => import('../features/jobs/JobEditPanel'), 'JobEditPanel', [
  'customers',
  'jobs',
  'map',
  'places',
]);
const CustomersPage = screen(() => import('../features/customers/CustomersPage'), 'CustomersPage', [
  'customers',
  'map',
  'places',
]);
const ImportPage = screen(() => import('../features/import/ImportPage'), 'ImportPage', ['import']);
const MyDayPage = screen(() => import('../features/my-day/MyDayPage'), 'MyDayPage', ['my-day', 'work-record']);
const WorkRecordPage = screen(() => import('../features/work-record/WorkRecordPage'), 'WorkRecordPage', [
  'my-day',
  'work-record',
]);
const ChecklistTemplatesPage = screen(
  () => import('../features/work-record/ChecklistTemplatesPage'),
  'ChecklistTemplatesPage',
  ['settings', 'work-record'],
);
const NotificationSettingsPage = screen(
  () => import('../features/notifications/NotificationSettingsPage'),
  'NotificationSettingsPage',
  ['notifications', 'settings'],
);
const BookingSettingsPage = screen(
  () => import('../features/booking/office/BookingSettingsPage'),
  'BookingSettingsPage',
  ['booking', 'settings'],
);
const RequestsPage = screen(() => import('../features/booking/office/RequestsPage'), 'RequestsPage', ['booking']);
const VisitReportPage = screen(() => import('../features/work-record/VisitReportPage'), 'VisitReportPage', [
  'work-record',
]);
const TrackingRoute = screen(() => import('../features/tracking/TrackingRoute'), 'TrackingRoute', ['map', 'tracking']);
// The Feeds screen carries the QR code generator: loaded when opened.
const FeedsPage = screen(() => import('../features/feeds/FeedsPage'), 'FeedsPage', ['feeds']);
const CustomerDetailPage = screen(() => import('../features/customers/CustomerDetailPage'), 'CustomerDetailPage', [
  'customers',
  'map',
  'places',
]);
// Settings carries the map-centre picker, and with it Leaflet: in the first bundle it made every page
// evaluate Leaflet in its first task (docs/PERFORMANCE.md, "Calendar render").
const SettingsPage = screen(() => import('../features/settings/SettingsPage'), 'SettingsPage', [
  'map',
  'places',
  'settings',
]);

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
