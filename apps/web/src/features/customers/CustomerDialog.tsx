import type { Customer, CustomerCreate, CustomerPatch } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { Message, useIntl } from '../../lib/i18n';
import { CustomerForm } from './CustomerForm';
import { useCreateCustomerMutation, useUpdateCustomerMutation } from './endpoints';

interface CustomerDialogProps {
  workspaceId: string;
  /** null: a new customer. */
  customer: Customer | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}

/** Only the fields that changed, so an edit doesn't overwrite someone else's change to another one. */
function changes(values: CustomerCreate, customer: Customer): CustomerPatch {
  const patch: CustomerPatch = {};
  for (const key of Object.keys(values) as (keyof CustomerCreate)[]) {
    const before = customer[key] ?? null;
    const after = values[key] ?? null;
    if (before !== after) Object.assign(patch, { [key]: after });
  }
  return patch;
}

/** Create or edit a customer in a dialog (If-Match on edit; a stale version says so). */
export function CustomerDialog({ workspaceId, customer, open, onClose, onSaved }: CustomerDialogProps) {
  const [create, created] = useCreateCustomerMutation();
  const [update, updated] = useUpdateCustomerMutation();
  const toast = useToast();
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        customer ? (
          <Message id="customers.dialog.editTitle" values={{ name: customer.name }} />
        ) : (
          <Message id="customers.dialog.newTitle" />
        )
      }
      footer={
        <>
          <Button onClick={onClose}>
            <Message id="customers.dialog.cancel" />
          </Button>
          <Button type="submit" form="customer-form" variant="primary" loading={created.isLoading || updated.isLoading}>
            {customer ? <Message id="customers.dialog.save" /> : <Message id="customers.dialog.create" />}
          </Button>
        </>
      }
    >
      <CustomerForm
        id="customer-form"
        workspaceId={workspaceId}
        customer={customer}
        onSave={async (values) => {
          const saved = customer
            ? await update({
                workspaceId,
                id: customer.id,
                version: customer.version,
                patch: changes(values, customer),
              }).unwrap()
            : await create({ workspaceId, customer: values }).unwrap();
          toast({
            tone: 'success',
            message: customer
              ? intl.formatMessage({ id: 'customers.dialog.saved' }, { name: saved.name })
              : intl.formatMessage({ id: 'customers.dialog.created' }, { name: saved.name }),
          });
          onSaved?.(saved);
          onClose();
        }}
      />
    </Dialog>
  );
}
