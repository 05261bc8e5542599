import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { SignupPage } from '../features/auth/SignupPage';
import { FaultsPage, ThrowOnRender } from '../features/errors/FaultPages';
import { NotFoundContent, NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteError } from '../features/errors/RouteError';
import { InvitePage } from '../features/invitations/InvitePage';
import { OverviewPage } from '../features/overview/OverviewPage';
import { TeamPage } from '../features/team/TeamPage';
import { HomeRedirect } from '../features/workspace/HomeRedirect';
import { WorkspaceLayout } from '../features/workspace/WorkspaceLayout';
import { WithMessages } from '../lib/i18n';
import { AppRoot } from './AppRoot';
import {
  bookingSettingsPage,
  checklistTemplatesPage,
  customerDetailPage,
  customersPage,
  feedsPage,
  importPage,
  jobDetailPanel,
  jobEditPanel,
  jobNewPanel,
  myDayPage,
  notificationSettingsPage,
  requestsPage,
  scheduleLayout,
  settingsPage,
  trackingPage,
  visitReportPage,
  workRecordPage,
} from './lazy-screens';
import { areasScreen, mapScreen } from './map-screens';

// A screen of the first bundle draws once the page's language has its parts (lazy screens bring theirs).
/** Every screen's URL (docs/PRODUCT.md, "Screens and routes"). Workspace URLs carry the slug; the layout resolves it. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        path: '/login',
        element: (
          <WithMessages parts={['auth']}>
            <LoginPage />
          </WithMessages>
        ),
      },
      {
        path: '/signup',
        element: (
          <WithMessages parts={['auth']}>
            <SignupPage />
          </WithMessages>
        ),
      },
      {
        path: '/invite/:token',
        element: (
          <WithMessages parts={['auth', 'invitations']}>
            <InvitePage />
          </WithMessages>
        ),
      },
      // The customer's page: outside the signed-in shell, no session.
      { path: '/track/:token', element: trackingPage },
      {
        path: '/w/:slug',
        element: <WorkspaceLayout />,
        children: [
          {
            index: true,
            element: (
              <WithMessages parts={['overview']}>
                <OverviewPage />
              </WithMessages>
            ),
          },
          {
            // The board and the calendar; a job's panel opens over them (docs/PRODUCT.md, "Screens and routes").
            element: scheduleLayout,
            children: [
              { path: 'dispatch', element: null },
              { path: 'calendar', element: null },
              { path: 'jobs/new', element: jobNewPanel },
              { path: 'jobs/:id', element: jobDetailPanel },
              { path: 'jobs/:id/edit', element: jobEditPanel },
            ],
          },
          { path: 'my-day', element: myDayPage },
          { path: 'my-day/visit/:jobId', element: workRecordPage },
          { path: 'jobs/:id/report', element: visitReportPage },
          { path: 'map', element: mapScreen },
          { path: 'areas', element: areasScreen },
          { path: 'customers', element: customersPage },
          { path: 'customers/import', element: importPage },
          { path: 'customers/:id', element: customerDetailPage },
          {
            path: 'team',
            element: (
              <WithMessages parts={['invitations', 'team']}>
                <TeamPage />
              </WithMessages>
            ),
          },
          { path: 'feeds', element: feedsPage },
          { path: 'settings', element: settingsPage },
          { path: 'settings/checklists', element: checklistTemplatesPage },
          { path: 'settings/notifications', element: notificationSettingsPage },
          { path: 'settings/booking', element: bookingSettingsPage },
          { path: 'requests', element: requestsPage },
          // Only when the server runs with FIELDPLAN_FAULT_INJECTION=1 (tests); not found otherwise.
          { path: 'debug', element: <FaultsPage /> },
          { path: 'debug/throw', element: <ThrowOnRender /> },
          { path: '*', element: <NotFoundContent /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
