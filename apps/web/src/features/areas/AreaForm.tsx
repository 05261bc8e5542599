import { type AreaGeometry, areaCreateSchema } from '@fieldplan/shared';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ColourField } from '../../components/ColourField';
import { TextField } from '../../components/TextField';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';
import { describeShape } from './shape';

/** Name and colour, validated with the shared schema the server uses. */
const areaFormSchema = areaCreateSchema.pick({ name: true, colour: true });
export type AreaFormValues = z.infer<typeof areaFormSchema>;
const fieldNames = ['name', 'colour'] as const;

interface AreaFormProps {
  title: string;
  defaults: AreaFormValues;
  geometry: AreaGeometry;
  /** Resolves when saved; throws the API's problem otherwise (field errors go under the fields). */
  onSave: (values: AreaFormValues) => Promise<void>;
  onCancel?: () => void;
  onColour: (colour: string) => void;
  saveLabel: string;
  /** Shape buttons and the delete button. */
  extra?: ReactNode;
  /** A problem outside the fields (a stale version) shown above them. */
  notice?: ReactNode;
}

export function AreaForm({
  title,
  defaults,
  geometry,
  onSave,
  onCancel,
  onColour,
  saveLabel,
  extra,
  notice,
}: AreaFormProps) {
  const intl = useIntl();
  const form = useForm<AreaFormValues>({
    resolver: sharedSchemaResolver(areaFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState, control, watch } = form;
  const problem = useFormProblem(setError, fieldNames);
  const colour = watch('colour');
  useEffect(() => onColour(colour), [colour, onColour]);

  const submit = handleSubmit(async (values) => {
    problem.clear();
    try {
      await onSave(values);
    } catch (error) {
      problem.report(error);
    }
  });

  return (
    <form className="area-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      {notice}
      {problem.message && <Alert title={intl.formatMessage({ id: 'areas.form.saveFailed' })}>{problem.message}</Alert>}
      <TextField
        label={intl.formatMessage({ id: 'areas.form.name' })}
        autoComplete="off"
        data-autofocus
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <ColourField
        control={control}
        name="colour"
        label={intl.formatMessage({ id: 'areas.form.colour' })}
        labelId="area-colour-label"
      />
      <p className="area-shape-info">{describeShape(geometry)}</p>
      {extra}
      <div className="area-form-actions">
        {onCancel && (
          <Button onClick={onCancel} disabled={formState.isSubmitting}>
            <Message id="areas.form.cancel" />
          </Button>
        )}
        <Button type="submit" variant="primary" loading={formState.isSubmitting}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
