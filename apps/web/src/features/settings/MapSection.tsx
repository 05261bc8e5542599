import { Controller, useWatch } from 'react-hook-form';
import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import { useIntl } from '../../lib/i18n';
import { PinPicker } from '../places';
import type { SettingsFormApi } from './form-types';

/** Where the map opens (its centre set with a pin, its zoom), and which tiles it draws. */
export function MapSection({ form, workspaceId }: { form: SettingsFormApi; workspaceId: string }) {
  const intl = useIntl();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const mapErrors = errors.map;
  const zoom = useWatch({ control, name: 'map.zoom' });
  const centreLabel = intl.formatMessage({ id: 'settings.map.centre', defaultMessage: 'Map centre' });
  const centreError = mapErrors?.center?.lat?.message ?? mapErrors?.center?.lng?.message;
  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.map.title', defaultMessage: 'Map' })}
      description={intl.formatMessage({
        id: 'settings.map.description',
        defaultMessage:
          'Where the map opens: put the pin on the centre you want, and choose the zoom. Which tiles it draws.',
      })}
    >
      <div className="settings-grid settings-grid-3">
        <div className="settings-wide">
          <Controller
            control={control}
            name="map.center"
            render={({ field }) => (
              <PinPicker
                workspaceId={workspaceId}
                label={centreLabel}
                pinLabel={centreLabel}
                value={field.value}
                onChange={(centre) => field.onChange(centre)}
                zoom={Number(zoom) || 11}
                height={260}
              />
            )}
          />
          {centreError && <p className="field-error">{centreError}</p>}
        </div>
        <TextField
          label={intl.formatMessage({ id: 'settings.map.zoom', defaultMessage: 'Zoom' })}
          type="number"
          step={1}
          inputMode="numeric"
          hint={intl.formatMessage({ id: 'settings.map.zoomHint', defaultMessage: '1 (world) to 19 (street)' })}
          error={mapErrors?.zoom?.message}
          {...register('map.zoom', { valueAsNumber: true })}
        />
        <TextField
          className="settings-wide"
          label={intl.formatMessage({ id: 'settings.map.tileUrlTemplate', defaultMessage: 'Tile URL template' })}
          type="url"
          spellCheck={false}
          autoCapitalize="none"
          hint={intl.formatMessage(
            {
              id: 'settings.map.tileUrlTemplateHint',
              defaultMessage: "An http(s) address with '{z}', '{x}' and '{y}', e.g. {example}",
            },
            { example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
          )}
          error={mapErrors?.tileUrlTemplate?.message}
          data-code
          {...register('map.tileUrlTemplate')}
        />
        <TextField
          className="settings-wide"
          label={intl.formatMessage({ id: 'settings.map.tileAttribution', defaultMessage: 'Tile attribution' })}
          optional
          hint={intl.formatMessage({
            id: 'settings.map.tileAttributionHint',
            defaultMessage: "Shown in the map's corner, as the tile provider's licence requires.",
          })}
          error={mapErrors?.tileAttribution?.message}
          {...register('map.tileAttribution')}
        />
      </div>
    </Panel>
  );
}
