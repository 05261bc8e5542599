import { limits } from '@fieldplan/shared';
import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import { Message, useIntl } from '../../lib/i18n';
import type { SettingsFormApi } from './form-types';

export function GeneralSection({ form }: { form: SettingsFormApi }) {
  const intl = useIntl();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.general.title' })}
      description={intl.formatMessage({ id: 'settings.general.description' })}
    >
      <div className="settings-grid">
        <TextField
          label={intl.formatMessage({ id: 'settings.general.name' })}
          maxLength={limits.workspaceNameMax}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={intl.formatMessage({ id: 'settings.general.slug' })}
          autoCapitalize="none"
          spellCheck={false}
          hint={intl.formatMessage({ id: 'settings.general.slugHint' }, { host: window.location.host })}
          error={errors.slug?.message}
          data-code
          {...register('slug')}
        />
      </div>
      {/* docs/PRODUCT.md, "Work record": off, photos carry no location (the phone's re-encoding drops EXIF). */}
      <label className="settings-check">
        <input type="checkbox" {...register('keepPhotoLocation')} />
        <span>
          <Message id="settings.general.keepPhotoLocation" />
          <small className="field-hint">
            <Message id="settings.general.keepPhotoLocationHint" />
          </small>
        </span>
      </label>
    </Panel>
  );
}
