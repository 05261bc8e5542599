import type { Customer, LatLng, Member } from '@fieldplan/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { DateTimeField } from '../../components/DateField';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { Message, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { CustomerCombobox } from '../customers';
import { PlaceField } from '../places';
import { DoubleBookWarning, type EditedVisit } from './DoubleBookWarning';
import { DurationField } from './DurationField';
import { FlexibleTimeField } from './FlexibleTimeField';
import { endAfterMove, isWallTime } from './job-duration';
import { type JobFormApi, type JobFormValues, jobFormSchema } from './job-form-schema';
import { RecurrenceEditor } from './RecurrenceEditor';
import { TechnicianPicker } from './TechnicianPicker';

export type { JobFormApi } from './job-form-schema';

interface JobFormProps {
  id: string;
  workspaceId: string;
  zone: string;
  technicians: readonly Member[];
  defaultValues: JobFormValues;
  /** The workspace's working hours (`HH:mm`): a new flexible window starts as those. */
  workingHours: { start: string; end: string };
  /** A problem that belongs to no field (shown above the form). */
  message?: string | null;
  /** The visit being edited (its own time never double-books it); null for a new job. */
  visit?: EditedVisit | null;
  onSubmit: (values: JobFormValues, form: JobFormApi) => Promise<void>;
}

interface Site {
  address: string;
  lat: number | null;
  lng: number | null;
}

const sameSite = (a: Site, b: Site | null) =>
  b !== null && a.address.trim() === b.address.trim() && a.lat === b.lat && a.lng === b.lng;

/** Title, customer, place, time, technicians, priority, description and repeat — one form for create and edit. */
export function JobForm({
  id,
  workspaceId,
  zone,
  technicians,
  defaultValues,
  workingHours,
  message,
  visit = null,
  onSubmit,
}: JobFormProps) {
  const intl = useIntl();
  const schema = useMemo(() => jobFormSchema(zone), [zone]);
  // The shared fields' messages in the page's language; the form's own rules (custom issues, the
  // recurrence editor's) are worded by job-form-schema.ts already.
  const resolver = useMemo(
    () => sharedSchemaResolver(schema, { ownWords: (i) => i.code === 'custom' || i.path[0] === 'recurrence' }),
    [schema],
  );
  // Problems show after Save (then as they are corrected), never for a mere visit: the title is
  // focused on open, and leaving it empty must not push an error in under the next click.
  const form = useForm<JobFormValues>({ resolver, defaultValues, mode: 'onSubmit' });
  const { register, control, setValue, getValues, handleSubmit, formState } = form;
  const errors = formState.errors;
  const allDay = useWatch({ control, name: 'allDay' });
  const description = useWatch({ control, name: 'description' });
  const [address, lat, lng, customerId] = useWatch({ control, name: ['address', 'lat', 'lng', 'customerId'] });
  const whenId = useId();
  // The site the chosen customer filled in: choosing another customer replaces it, but never a
  // site the user gave; then the customer's site is offered instead.
  const filledFromCustomer = useRef<Site | null>(null);
  const [offered, setOffered] = useState<Customer | null>(null);

  const setPosition = (p: LatLng | null, validate = true) => {
    const options = { shouldDirty: true, shouldValidate: validate };
    setValue('lat', p?.lat ?? null, options);
    setValue('lng', p?.lng ?? null, options);
  };
  const fillSiteFrom = (customer: Customer) => {
    setValue('address', customer.address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setPosition(customer, formState.isSubmitted);
    filledFromCustomer.current = { address: customer.address, lat: customer.lat, lng: customer.lng };
    setOffered(null);
  };
  const chooseCustomer = (customer: Customer | null) => {
    setOffered(null);
    if (!customer) return;
    const [now, nowLat, nowLng] = getValues(['address', 'lat', 'lng']);
    const site = { address: now, lat: nowLat, lng: nowLng };
    if (now.trim() === '' || sameSite(site, filledFromCustomer.current)) fillSiteFrom(customer);
    else if (!sameSite(site, customer)) setOffered(customer);
  };

  // Moving the start keeps the job's length: the end moves with it.
  const startBefore = useRef(defaultValues.start);
  const keepLength = () => {
    const [start, end] = getValues(['start', 'end']);
    // Half-typed starts (a cleared field) neither move the end nor become the start it moves from.
    if (!isWallTime(start)) return;
    const moved = allDay ? null : endAfterMove(startBefore.current, start, end);
    startBefore.current = start;
    if (moved !== null) setValue('end', moved, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const submit = handleSubmit((values) => onSubmit(values, form));

  return (
    <form
      id={id}
      className="job-form"
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'jobs.form.label' })}
    >
      {message && <Alert>{message}</Alert>}
      <TextField
        label={intl.formatMessage({ id: 'jobs.form.title' })}
        autoComplete="off"
        data-autofocus
        error={errors.title?.message}
        {...register('title')}
      />
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
              // The visit happens at the customer's place unless another site is given.
              chooseCustomer(customer);
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="address"
        render={({ field }) => (
          <PlaceField
            workspaceId={workspaceId}
            label={intl.formatMessage({ id: 'jobs.form.siteAddress' })}
            optional={customerId !== null}
            hint={
              customerId === null
                ? intl.formatMessage({ id: 'jobs.form.siteHintRequired' })
                : intl.formatMessage({ id: 'jobs.form.siteHintOptional' })
            }
            address={field.value}
            onAddressChange={field.onChange}
            onAddressBlur={field.onBlur}
            addressRef={field.ref}
            addressError={errors.address?.message}
            position={lat !== null && lng !== null ? { lat, lng } : null}
            onPositionChange={setPosition}
            positionError={errors.lat?.message ?? errors.lng?.message}
          >
            {offered && !sameSite({ address, lat, lng }, offered) && (
              <p className="job-site-offer">
                <Button size="sm" variant="ghost" icon="building" onClick={() => fillSiteFrom(offered)}>
                  <Message id="jobs.form.useCustomerAddress" values={{ name: offered.name }} />
                </Button>
              </p>
            )}
          </PlaceField>
        )}
      />
      <fieldset className="job-when" aria-labelledby={whenId}>
        <div className="job-when-head">
          <span id={whenId} className="field-label">
            <Message id="jobs.form.when" />
          </span>
          <label className="checkbox">
            <input type="checkbox" {...register('allDay')} /> <Message id="jobs.form.allDay" />
          </label>
        </div>
        <div className="form-row">
          <Controller
            control={control}
            name="start"
            render={({ field }) => (
              <DateTimeField
                key={allDay ? 'start-date' : 'start-time'}
                label={intl.formatMessage({ id: 'jobs.form.start' })}
                dateOnly={allDay}
                quietHint
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  keepLength();
                }}
                onBlur={field.onBlur}
                error={errors.start?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="end"
            render={({ field }) => (
              <DateTimeField
                key={allDay ? 'end-date' : 'end-time'}
                label={intl.formatMessage({ id: 'jobs.form.end' })}
                dateOnly={allDay}
                quietHint
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.end?.message}
              />
            )}
          />
          {!allDay && <DurationField form={form} />}
        </div>
        <p className="field-hint">
          <Message id="jobs.form.unscheduledHint" />
        </p>
        <FlexibleTimeField form={form} workingHours={workingHours} />
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
      <DoubleBookWarning control={control} workspaceId={workspaceId} zone={zone} members={technicians} visit={visit} />
      <TextField
        label={intl.formatMessage({ id: 'jobs.form.priority' })}
        type="number"
        min={1}
        max={5}
        className="field-narrow"
        hint={intl.formatMessage({ id: 'jobs.form.priorityHint' })}
        error={errors.priority?.message}
        {...register('priority', { valueAsNumber: true })}
      />
      <TextArea
        label={intl.formatMessage({ id: 'jobs.form.description' })}
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
