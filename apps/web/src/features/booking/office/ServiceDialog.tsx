import {
  type BookingService,
  type BookingServiceCreate,
  bookingLimits,
  bookingServiceCreateSchema,
  type Member,
} from '@fieldplan/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../../lib/i18n';
import { problemMessage, toProblem } from '../../../lib/problem';
import { issueInLanguage } from '../../../lib/shared-schema-resolver';
import { useCreateBookingServiceMutation, useUpdateBookingServiceMutation } from './endpoints';

interface ServiceDialogProps {
  /** The service edited; null adds one. */
  service: BookingService | null;
  technicians: Member[];
  onClose: () => void;
  /** A 412: the list is read again, the dialog closes and says so. */
  onStale: () => void;
}

/** Adds or edits a service: its name, length, the technicians who do it (none ticked: all), shown or not. */
export function ServiceDialog({ service, technicians, onClose, onStale }: ServiceDialogProps) {
  const { workspaceId } = useWorkspace();
  const intl = useIntl();
  const [name, setName] = useState(service?.name ?? '');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 60));
  const [techIds, setTechIds] = useState<string[]>(service?.technicianIds ?? []);
  const [active, setActive] = useState(service?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateBookingServiceMutation();
  const [update, updating] = useUpdateBookingServiceMutation();

  const toggle = (id: string, on: boolean) => setTechIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body: BookingServiceCreate = { name, durationMinutes: Number(duration), technicianIds: techIds, active };
    const checked = bookingServiceCreateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), issueInLanguage(i)])));
      return;
    }
    try {
      if (service) {
        await update({ workspaceId, id: service.id, version: service.version, body: checked.data }).unwrap();
      } else {
        await create({ workspaceId, body: checked.data }).unwrap();
      }
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      if (problem.status === 412) return onStale();
      setErrors(Object.fromEntries((problem.errors ?? []).map((e) => [e.path.split('.')[0] ?? '', e.message])));
      if (!problem.errors?.length) setFailure(problemMessage(problem));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={service ? <Message id="booking.service.editTitle" /> : <Message id="booking.service.newTitle" />}
      footer={
        <>
          <Button onClick={onClose}>
            <Message id="booking.service.cancel" />
          </Button>
          <Button
            type="submit"
            form="booking-service-form"
            variant="primary"
            loading={creating.isLoading || updating.isLoading}
          >
            {service ? <Message id="booking.service.save" /> : <Message id="booking.service.add" />}
          </Button>
        </>
      }
    >
      <form id="booking-service-form" className="booking-service-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'booking.service.name' })}
          value={name}
          maxLength={bookingLimits.serviceNameMax}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
        />
        <TextField
          label={intl.formatMessage({ id: 'booking.service.duration' })}
          type="number"
          inputMode="numeric"
          min={bookingLimits.durationMin}
          max={bookingLimits.durationMax}
          step={5}
          value={duration}
          error={errors.durationMinutes}
          onChange={(e) => setDuration(e.target.value)}
        />
        <fieldset className="booking-techs">
          <legend>
            <Message id="booking.service.technicians" />
          </legend>
          <p className="booking-muted">
            <Message id="booking.service.techniciansHint" />
          </p>
          {technicians.map((t) => (
            <label key={t.id} className="booking-tech">
              <input
                type="checkbox"
                checked={techIds.includes(t.id)}
                onChange={(e) => toggle(t.id, e.target.checked)}
              />
              <span className="booking-dot" style={{ background: t.colour }} aria-hidden="true" />
              {t.name}
            </label>
          ))}
          {errors.technicianIds && <p className="field-error">{errors.technicianIds}</p>}
        </fieldset>
        <label className="booking-check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          <span>
            <Message id="booking.service.offered" />
          </span>
        </label>
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Dialog>
  );
}
