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
      title={intl.formatMessage({ id: 'settings.general.title', defaultMessage: 'General' })}
      description={intl.formatMessage({
        id: 'settings.general.description',
        defaultMessage: 'How the workspace is named and where it lives.',
      })}
    >
      <div className="settings-grid">
        <TextField
          label={intl.formatMessage({ id: 'settings.general.name', defaultMessage: 'Workspace name' })}
          maxLength={limits.workspaceNameMax}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={intl.formatMessage({ id: 'settings.general.slug', defaultMessage: 'Address (slug)' })}
          autoCapitalize="none"
          spellCheck={false}
          hint={intl.formatMessage(
            {
              id: 'settings.general.slugHint',
              defaultMessage:
                '{host}/w/… — lowercase letters, digits and dashes. Old links stop working when it changes.',
            },
            { host: window.location.host },
          )}
          error={errors.slug?.message}
          data-code
          {...register('slug')}
        />
      </div>
      {/* docs/PRODUCT.md, "Work record": off, photos carry no location (the phone's re-encoding drops EXIF). */}
      <label className="settings-check">
        <input type="checkbox" {...register('keepPhotoLocation')} />
        <span>
          <Message id="settings.general.keepPhotoLocation" defaultMessage="Keep where photos were taken" />
          <small className="field-hint">
            <Message
              id="settings.general.keepPhotoLocationHint"
              defaultMessage="The position in a photo's camera data is stored with it and shown to the office. Off: it is dropped."
            />
          </small>
        </span>
      </label>
    </Panel>
  );
}
