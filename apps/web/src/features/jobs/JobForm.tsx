import type { Member } from '@fieldplan/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { CustomerCombobox } from '../customers/CustomerCombobox';
import { type JobFormValues, jobFormSchema } from './job-form-schema';
import { RecurrenceEditor } from './RecurrenceEditor';
import { TechnicianPicker } from './TechnicianPicker';

export type JobFormApi = UseFormReturn<JobFormValues>;

interface JobFormProps {
  id: string;
  workspaceId: string;
  zone: string;
  technicians: readonly Member[];
  defaultValues: JobFormValues;
  /** A problem that belongs to no field (shown above the form). */
  message?: string | null;
  onSubmit: (values: JobFormValues, form: JobFormApi) => Promise<void>;
}

const nullableNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));

/** Title, customer, place, time, technicians, priority, description and repeat — one form for create and edit. */
export function JobForm({ id, workspaceId, zone, technicians, defaultValues, message, onSubmit }: JobFormProps) {
  const schema = useMemo(() => jobFormSchema(zone), [zone]);
  const form = useForm<JobFormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const { register, control, setValue, handleSubmit, formState } = form;
  const errors = formState.errors;
  const allDay = useWatch({ control, name: 'allDay' });
  const description = useWatch({ control, name: 'description' });
  const whenId = useId();

  const submit = handleSubmit((values) => onSubmit(values, form));

  return (
    <form id={id} className="job-form" onSubmit={submit} noValidate aria-label="Job">
      {message && <Alert>{message}</Alert>}
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <Controller
        control={control}
        name="customerName"
        render={({ field }) => (
          <CustomerCombobox
            workspaceId={workspaceId}
            name={field.value}
            error={errors.customerId?.message}
            onChoose={(customer) => {
              field.onChange(customer?.name ?? '');
              setValue('customerId', customer?.id ?? null, { shouldDirty: true });
              if (!customer) return;
              // The visit happens at the customer's place unless another address is given.
              setValue('address', customer.address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
              setValue('lat', customer.lat, { shouldDirty: true });
              setValue('lng', customer.lng, { shouldDirty: true });
            }}
          />
        )}
      />
      <TextField
        label="Address"
        optional
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="form-row">
        <TextField
          label="Latitude"
          optional
          inputMode="decimal"
          type="number"
          step="any"
          min={-90}
          max={90}
          error={errors.lat?.message}
          {...register('lat', { setValueAs: nullableNumber })}
        />
        <TextField
          label="Longitude"
          optional
          inputMode="decimal"
          type="number"
          step="any"
          min={-180}
          max={180}
          error={errors.lng?.message}
          {...register('lng', { setValueAs: nullableNumber })}
        />
      </div>
      <fieldset className="job-when" aria-labelledby={whenId}>
        <div className="job-when-head">
          <span id={whenId} className="field-label">
            When
          </span>
          <label className="checkbox">
            <input type="checkbox" {...register('allDay')} /> All day
          </label>
        </div>
        <div className="form-row">
          <TextField
            key={allDay ? 'start-date' : 'start-time'}
            label="Start"
            type={allDay ? 'date' : 'datetime-local'}
            step={allDay ? undefined : 900}
            error={errors.start?.message}
            {...register('start')}
          />
          <TextField
            key={allDay ? 'end-date' : 'end-time'}
            label="End"
            type={allDay ? 'date' : 'datetime-local'}
            step={allDay ? undefined : 900}
            error={errors.end?.message}
            {...register('end')}
          />
        </div>
        <p className="field-hint">Leave both empty to put the job in the unscheduled queue.</p>
      </fieldset>
      <Controller
        control={control}
        name="assigneeIds"
        render={({ field }) => (
          <TechnicianPicker
            technicians={technicians}
            value={field.value}
            onChange={field.onChange}
            error={errors.assigneeIds?.message}
          />
        )}
      />
      <TextField
        label="Priority"
        type="number"
        min={1}
        max={5}
        className="field-narrow"
        hint="1 = most urgent, 5 = whenever"
        error={errors.priority?.message}
        {...register('priority', { valueAsNumber: true })}
      />
      <TextArea
        label="Description"
        optional
        rows={4}
        hint={`${description.length} / 5000`}
        error={errors.description?.message}
        {...register('description')}
      />
      <RecurrenceEditor form={form} zone={zone} />
    </form>
  );
}
