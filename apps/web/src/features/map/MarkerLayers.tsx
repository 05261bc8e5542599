import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { customerTooltip, homeBaseTooltip } from './content';
import { PointsLayer } from './PointsLayer';
import type { MapCustomer, MapHomeBase } from './types';

export function CustomersLayer({
  customers,
  onSelect,
}: {
  customers: readonly MapCustomer[];
  onSelect?: ((customer: MapCustomer) => void) | undefined;
}) {
  return (
    <PointsLayer
      items={customers}
      keyOf={(c) => c.id}
      glyphOf={() => ({ kind: 'customer', hovered: false })}
      tooltipOf={customerTooltip}
      counted={(count) => t({ id: 'map.cluster.customers' }, { count, n: formatCount(count) })}
      onClick={onSelect}
    />
  );
}

export function HomeBasesLayer({ bases }: { bases: readonly MapHomeBase[] }) {
  return (
    <PointsLayer
      items={bases}
      cluster={false}
      keyOf={(b) => b.memberId}
      glyphOf={(b) => ({ kind: 'home', colour: b.colour })}
      tooltipOf={homeBaseTooltip}
      counted={(count) => t({ id: 'map.cluster.homeBases' }, { count, n: formatCount(count) })}
    />
  );
}
