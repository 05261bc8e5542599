import { Loading, Skeleton } from '../../components/Skeleton';
import { useIntl } from '../../lib/i18n';

/** While the board's code and settings load: grey rows in the shape of the timeline. */
export function BoardSkeleton() {
  const intl = useIntl();
  return (
    <div className="board-page" style={{ padding: 'var(--space-4)', display: 'grid', gap: 'var(--space-3)' }}>
      <Loading label={intl.formatMessage({ id: 'dispatch.skeleton.loading' })}>
        <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
          <Skeleton height={28} width="40%" />
          {[45, 70, 30, 60, 50, 35, 65, 40].map((w) => (
            <div key={w} style={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: 'var(--space-3)' }}>
              <Skeleton height={14} width={120} />
              <Skeleton height={22} width={`${w}%`} />
            </div>
          ))}
        </div>
      </Loading>
    </div>
  );
}
