import { type Customer, type CustomerCreate, customerCreateSchema } from '@fieldplan/shared';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { defineMessages } from 'react-intl';
import type { z } from 'zod';
import { Alert } from '../../components/Alert';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { languageNames, useIntl } from '../../lib/i18n';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';
import { PlaceField } from '../places';

type FormInput = z.input<typeof customerCreateSchema>;
export type CustomerFormApi = UseFormReturn<FormInput, unknown, CustomerCreate>;

export const customerFieldNames = ['name', 'email', 'phone', 'address', 'lat', 'lng', 'notes', 'language'] as const;

const coordinates = ['lat', 'lng'] as const;
const coordinateLabels = defineMessages({
  lat: { id: 'customers.form.latitude' },
  lng: { id: 'customers.form.longitude' },
});

const nullableNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));
/** The select's empty choice is the workspace's language (null). */
const nullableChoice = (value: unknown) => (value === '' ? null : value);

// The names of languages are never translated: each stands in its own language.
const languages = Object.entries(languageNames);

export function customerDefaults(customer: Customer | null): FormInput {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    lat: customer?.lat ?? (undefined as unknown as number),
    lng: customer?.lng ?? (undefined as unknown as number),
    notes: customer?.notes ?? '',
    language: customer?.language ?? null,
  };
}

interface CustomerFormProps {
  id: string;
  workspaceId: string;
  customer: Customer | null;
  /** Resolves when saved; throws the API's problem otherwise (shown under the fields). */
  onSave: (values: CustomerCreate, form: CustomerFormApi) => Promise<void>;
}

/**
 * A customer, validated with the shared schema the server uses: name required (≤ 120), phone
 * 7–20 characters of digits/space/+()- with at least 5 digits, email, position in range, notes ≤ 2,000,
 * and the language Fieldplan writes to them in (none: the workspace's).
 */
export function CustomerForm({ id, workspaceId, customer, onSave }: CustomerFormProps) {
  const intl = useIntl();
  const form = useForm<FormInput, unknown, CustomerCreate>({
    resolver: sharedSchemaResolver(customerCreateSchema),
    defaultValues: customerDefaults(customer),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });
  const problem = useFormProblem(setError, customerFieldNames);
  const submit = handleSubmit(async (values) => {
    problem.clear();
    try {
      await onSave(values, form);
    } catch (error) {
      problem.report(error);
    }
  });
  return (
    <form
      id={id}
      className="customer-form"
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'customers.form.label' })}
    >
      {problem.message && <Alert>{problem.message}</Alert>}
      <TextField
        label={intl.formatMessage({ id: 'customers.form.name' })}
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="form-row">
        <TextField
          label={intl.formatMessage({ id: 'customers.form.email' })}
          type="email"
          optional
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'customers.form.phone' })}
          type="tel"
          optional
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <Controller
        control={control}
        name="address"
        render={({ field }) => (
          <PlaceField
            workspaceId={workspaceId}
            address={field.value}
            onAddressChange={field.onChange}
            onAddressBlur={field.onBlur}
            addressRef={field.ref}
            addressError={errors.address?.message}
            position={typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null}
            onPositionChange={(p) => {
              setValue('lat', p.lat, { shouldDirty: true, shouldValidate: true });
              setValue('lng', p.lng, { shouldDirty: true, shouldValidate: true });
            }}
          >
            <div className="form-row">
              {coordinates.map((key) => (
                <TextField
                  key={key}
                  label={intl.formatMessage(coordinateLabels[key])}
                  type="number"
                  step="any"
                  inputMode="decimal"
                  error={errors[key]?.message}
                  {...register(key, { setValueAs: nullableNumber })}
                />
              ))}
            </div>
          </PlaceField>
        )}
      />
      <TextArea
        label={intl.formatMessage({ id: 'customers.form.notes' })}
        optional
        rows={3}
        error={errors.notes?.message}
        {...register('notes')}
      />
      <Select
        label={intl.formatMessage({ id: 'customers.form.language' })}
        hint={intl.formatMessage({ id: 'customers.form.languageHint' })}
        error={errors.language?.message}
        {...register('language', { setValueAs: nullableChoice })}
      >
        <option value="">{intl.formatMessage({ id: 'customers.form.languageDefault' })}</option>
        {languages.map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </Select>
    </form>
  );
}
