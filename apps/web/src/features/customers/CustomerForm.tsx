import { type Customer, type CustomerCreate, customerCreateSchema } from '@fieldplan/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/Alert';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useFormProblem } from '../../lib/use-form-problem';

type FormInput = z.input<typeof customerCreateSchema>;
export type CustomerFormApi = UseFormReturn<FormInput, unknown, CustomerCreate>;

export const customerFieldNames = ['name', 'email', 'phone', 'address', 'lat', 'lng', 'notes'] as const;

const nullableNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

export function customerDefaults(customer: Customer | null): FormInput {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    lat: customer?.lat ?? (undefined as unknown as number),
    lng: customer?.lng ?? (undefined as unknown as number),
    notes: customer?.notes ?? '',
  };
}

interface CustomerFormProps {
  id: string;
  customer: Customer | null;
  /** Resolves when saved; throws the API's problem otherwise (shown under the fields). */
  onSave: (values: CustomerCreate, form: CustomerFormApi) => Promise<void>;
}

/**
 * A customer, validated with the shared schema the server uses: name required (≤ 120), phone
 * 7–20 characters of digits/space/+()- with at least 5 digits, email, position in range, notes ≤ 2,000.
 */
export function CustomerForm({ id, customer, onSave }: CustomerFormProps) {
  const form = useForm<FormInput, unknown, CustomerCreate>({
    resolver: zodResolver(customerCreateSchema),
    defaultValues: customerDefaults(customer),
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
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
    <form id={id} className="customer-form" onSubmit={submit} noValidate aria-label="Customer">
      {problem.message && <Alert>{problem.message}</Alert>}
      <TextField label="Name" autoComplete="off" data-autofocus error={errors.name?.message} {...register('name')} />
      <div className="form-row">
        <TextField label="Email" type="email" optional error={errors.email?.message} {...register('email')} />
        <TextField label="Phone" type="tel" optional error={errors.phone?.message} {...register('phone')} />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="form-row">
        <TextField
          label="Latitude"
          type="number"
          step="any"
          inputMode="decimal"
          error={errors.lat?.message}
          {...register('lat', { setValueAs: nullableNumber })}
        />
        <TextField
          label="Longitude"
          type="number"
          step="any"
          inputMode="decimal"
          error={errors.lng?.message}
          {...register('lng', { setValueAs: nullableNumber })}
        />
      </div>
      <TextArea label="Notes" optional rows={3} error={errors.notes?.message} {...register('notes')} />
    </form>
  );
}
