import { Outlet, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CalendarPage } from '../calendar';
import { BoardSkeleton } from './BoardSkeleton';
import { DispatchBoard } from './DispatchBoard';
import type { ScheduleContext } from './schedule-context';
import { usePrefetchVisibleEvents } from './use-prefetch-events';
import './Board.css';
import '../calendar/Calendar.css';
import '../jobs/Jobs.css';

/**
 * The dispatch board or the full-size calendar, with job panels (`jobs/new`, `jobs/:id`,
 * `jobs/:id/edit`) opening over it as child routes — so opening a job never re-renders the board.
 * Loaded on demand: FullCalendar is not in the first bundle.
 */
export default function ScheduleLayout() {
  const intl = useIntl();
  const { workspaceId } = useWorkspace();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const settings = useGetWorkspaceQuery(workspaceId);
  const members = useGetMembersQuery(workspaceId);
  const board = pathname.endsWith('/calendar') || search.get('from') === 'calendar' ? 'calendar' : 'dispatch';
  useDocumentTitle(
    board === 'calendar'
      ? intl.formatMessage({ id: 'dispatch.layout.calendarTitle' })
      : intl.formatMessage({ id: 'dispatch.layout.dispatchTitle' }),
  );
  usePrefetchVisibleEvents(settings.data, board);

  if (settings.error || members.error) {
    const retry = () => {
      void settings.refetch();
      void members.refetch();
    };
    return (
      <div className="board-page board-failed">
        <Alert title={intl.formatMessage({ id: 'dispatch.layout.failed' })}>
          {problemMessage(toProblem(settings.error ?? members.error))}
        </Alert>
        <Button onClick={retry}>
          <Message id="dispatch.layout.retry" />
        </Button>
      </div>
    );
  }
  if (!settings.data || !members.data) return <BoardSkeleton />;
  const context: ScheduleContext = { settings: settings.data, members: members.data };
  return (
    <>
      {board === 'calendar' ? (
        <CalendarPage settings={settings.data} members={members.data} />
      ) : (
        <DispatchBoard settings={settings.data} members={members.data} />
      )}
      <Outlet context={context} />
    </>
  );
}
