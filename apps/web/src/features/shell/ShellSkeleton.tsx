import { Loading, Skeleton } from '../../components/Skeleton';
import { useIntl } from '../../lib/i18n';
import './AppShell.css';

/** The shell's outline while `/me` loads, so the page doesn't jump when it arrives. */
export function ShellSkeleton() {
  const intl = useIntl();
  return (
    <div className="shell">
      <div className="topbar">
        <Skeleton width={24} height={24} />
        <Skeleton width={140} height={16} />
      </div>
      <div className="shell-main">
        <Loading label={intl.formatMessage({ id: 'shell.loading' })}>
          <Skeleton width={220} height={22} />
          <div style={{ height: 16 }} />
          <Skeleton height={160} />
        </Loading>
      </div>
    </div>
  );
}
