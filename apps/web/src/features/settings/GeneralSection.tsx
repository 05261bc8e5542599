import { limits } from '@fieldplan/shared';
import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import type { SettingsFormApi } from './form-types';

export function GeneralSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <Panel title="General" description="How the workspace is named and where it lives.">
      <div className="settings-grid">
        <TextField
          label="Workspace name"
          maxLength={limits.workspaceNameMax}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Address (slug)"
          autoCapitalize="none"
          spellCheck={false}
          hint={`${window.location.host}/w/… — lowercase letters, digits and dashes. Old links stop working when it changes.`}
          error={errors.slug?.message}
          data-code
          {...register('slug')}
        />
      </div>
      {/* docs/PRODUCT.md, "Work record": off, photos carry no location (the phone's re-encoding drops EXIF). */}
      <label className="settings-check">
        <input type="checkbox" {...register('keepPhotoLocation')} />
        <span>
          Keep where photos were taken
          <small className="field-hint">
            The position in a photo's camera data is stored with it and shown to the office. Off: it is dropped.
          </small>
        </span>
      </label>
    </Panel>
  );
}
