import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import type { SettingsFormApi } from './form-types';

export function MapSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  const mapErrors = errors.map;
  return (
    <Panel title="Map" description="Where the map opens, and which tiles it draws.">
      <div className="settings-grid settings-grid-3">
        <TextField
          label="Centre latitude"
          type="number"
          step="any"
          inputMode="decimal"
          hint="−90 to 90"
          error={mapErrors?.center?.lat?.message}
          {...register('map.center.lat', { valueAsNumber: true })}
        />
        <TextField
          label="Centre longitude"
          type="number"
          step="any"
          inputMode="decimal"
          hint="−180 to 180"
          error={mapErrors?.center?.lng?.message}
          {...register('map.center.lng', { valueAsNumber: true })}
        />
        <TextField
          label="Zoom"
          type="number"
          step={1}
          inputMode="numeric"
          hint="1 (world) to 19 (street)"
          error={mapErrors?.zoom?.message}
          {...register('map.zoom', { valueAsNumber: true })}
        />
        <TextField
          className="settings-wide"
          label="Tile URL template"
          type="url"
          spellCheck={false}
          autoCapitalize="none"
          hint="An http(s) address with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png"
          error={mapErrors?.tileUrlTemplate?.message}
          data-code
          {...register('map.tileUrlTemplate')}
        />
        <TextField
          className="settings-wide"
          label="Tile attribution"
          optional
          hint="Shown in the map's corner, as the tile provider's licence requires."
          error={mapErrors?.tileAttribution?.message}
          {...register('map.tileAttribution')}
        />
      </div>
    </Panel>
  );
}
