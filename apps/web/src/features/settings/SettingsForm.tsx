import type { Workspace } from '@fieldplan/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { useUpdateWorkspaceMutation } from '../../entities/workspace/endpoints';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';
import { markSettingsReviewed } from '../overview';
import { GeneralSection } from './GeneralSection';
import { MapSection } from './MapSection';
import { ScheduleSection } from './ScheduleSection';
import { changedSections, settingsFieldNames, settingsFormSchema, toFormValues } from './settings-form';

/** One form for all workspace settings; Save sends only the sections that changed. */
export function SettingsForm({ workspace }: { workspace: Workspace }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toast = useToast();
  const [update] = useUpdateWorkspaceMutation();
  const form = useForm({
    resolver: sharedSchemaResolver(settingsFormSchema),
    defaultValues: toFormValues(workspace),
    mode: 'onTouched',
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isSubmitting, dirtyFields },
  } = form;
  const problem = useFormProblem(setError, settingsFieldNames);

  const onSubmit = handleSubmit(async (values) => {
    problem.clear();
    try {
      const saved = await update({ workspaceId: workspace.id, patch: changedSections(values, dirtyFields) }).unwrap();
      reset(toFormValues(saved));
      markSettingsReviewed(workspace.id);
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'settings.form.saved' }),
      });
      if (saved.slug !== workspace.slug) await navigate(`/w/${saved.slug}/settings`, { replace: true });
    } catch (error) {
      problem.report(error);
    }
  });

  return (
    <form
      className="settings"
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'settings.form.label' })}
    >
      {problem.message && <Alert>{problem.message}</Alert>}
      <GeneralSection form={form} />
      <ScheduleSection form={form} />
      <MapSection form={form} workspaceId={workspace.id} />
      <div className={isDirty ? 'settings-bar settings-bar-dirty' : 'settings-bar'}>
        <span className="settings-bar-status" aria-live="polite">
          {isDirty ? <Message id="settings.form.unsaved" /> : <Message id="settings.form.allSaved" />}
        </span>
        <Button disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          <Message id="settings.form.discard" />
        </Button>
        <Button type="submit" variant="primary" disabled={!isDirty} loading={isSubmitting}>
          <Message id="settings.form.save" />
        </Button>
      </div>
    </form>
  );
}
