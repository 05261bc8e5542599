import { Popover } from '../../components/Popover';
import { Message, useIntl } from '../../lib/i18n';
import { type BaseLayerOption, type LayerVisibility, type OverlayKey, overlayKeys, overlayLabels } from './types';

interface LayerControlProps {
  layers: LayerVisibility;
  onLayersChange: (layers: LayerVisibility) => void;
  /** Overlays this map offers (others are left out of the list). */
  available: readonly OverlayKey[];
  bases: readonly BaseLayerOption[];
  baseId: string;
  onBaseChange: (id: string) => void;
}

function LayersIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M12 4l9 5-9 5-9-5z" strokeLinejoin="round" />
      <path d="M3 14l9 5 9-5" strokeLinejoin="round" />
    </svg>
  );
}

/** Which overlays show and which base map is under them: checkboxes and radio buttons in a popover. */
export function LayerControl({ layers, onLayersChange, available, bases, baseId, onBaseChange }: LayerControlProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'map.layers.title' });
  return (
    <div className="fm-control fm-layers">
      <Popover
        button={<LayersIcon />}
        buttonLabel={title}
        buttonClassName="fm-control-button"
        title={title}
        align="end"
      >
        {() => (
          <div className="fm-layer-panel">
            <fieldset>
              <legend>
                <Message id="map.layers.show" />
              </legend>
              {overlayKeys
                .filter((key) => available.includes(key))
                .map((key) => (
                  <label key={key} className="fm-check">
                    <input
                      type="checkbox"
                      checked={layers[key]}
                      onChange={(e) => onLayersChange({ ...layers, [key]: e.target.checked })}
                    />
                    {intl.formatMessage(overlayLabels[key])}
                  </label>
                ))}
            </fieldset>
            {bases.length > 1 && (
              <fieldset>
                <legend>
                  <Message id="map.layers.baseMap" />
                </legend>
                {bases.map((base) => (
                  <label key={base.id} className="fm-check">
                    <input
                      type="radio"
                      name="fm-base"
                      checked={base.id === baseId}
                      onChange={() => onBaseChange(base.id)}
                    />
                    {base.label}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        )}
      </Popover>
    </div>
  );
}
