import type { Area } from '@fieldplan/shared';
import { EmptyState } from '../../components/EmptyState';
import { Message, useIntl } from '../../lib/i18n';
import { describeShape } from './shape';

interface AreaListProps {
  areas: readonly Area[];
  selectedId: string | null;
  onSelect: (area: Area) => void;
  canEdit: boolean;
}

/** The workspace's service areas: colour, name and shape; choosing one shows it on the map. */
export function AreaList({ areas, selectedId, onSelect, canEdit }: AreaListProps) {
  const intl = useIntl();
  if (areas.length === 0) {
    return (
      <EmptyState icon="map" title={intl.formatMessage({ id: 'areas.list.emptyTitle' })}>
        {canEdit ? <Message id="areas.list.emptyEditor" /> : <Message id="areas.list.emptyViewer" />}
      </EmptyState>
    );
  }
  return (
    <ul className="plain-list area-list" aria-label={intl.formatMessage({ id: 'areas.list.label' })}>
      {areas.map((area) => (
        <li key={area.id}>
          <button
            type="button"
            className="map-side-row area-row"
            aria-current={area.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(area)}
          >
            <span className="area-swatch" style={{ background: area.colour }} aria-hidden="true" />
            <span className="area-name ellipsis">{area.name}</span>
            <span className="area-kind">{describeShape(area.geometry)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
