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
  const centreLabel = intl.formatMessage({ id: 'settings.map.centre' });
  const centreError = mapErrors?.center?.lat?.message ?? mapErrors?.center?.lng?.message;
  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.map.title' })}
      description={intl.formatMessage({ id: 'settings.map.description' })}
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
          label={intl.formatMessage({ id: 'settings.map.zoom' })}
          type="number"
          step={1}
          inputMode="numeric"
          hint={intl.formatMessage({ id: 'settings.map.zoomHint' })}
          error={mapErrors?.zoom?.message}
          {...register('map.zoom', { valueAsNumber: true })}
        />
        <TextField
          className="settings-wide"
          label={intl.formatMessage({ id: 'settings.map.tileUrlTemplate' })}
          type="url"
          spellCheck={false}
          autoCapitalize="none"
          hint={intl.formatMessage(
            { id: 'settings.map.tileUrlTemplateHint' },
            { example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
          )}
          error={mapErrors?.tileUrlTemplate?.message}
          data-code
          {...register('map.tileUrlTemplate')}
        />
        <TextField
          className="settings-wide"
          label={intl.formatMessage({ id: 'settings.map.tileAttribution' })}
          optional
          hint={intl.formatMessage({ id: 'settings.map.tileAttributionHint' })}
          error={mapErrors?.tileAttribution?.message}
          {...register('map.tileAttribution')}
        />
      </div>
    </Panel>
  );
}
