import type { BookingRequest } from '@fieldplan/shared';
import { useState } from 'react';
import { useAppDispatch } from '../../../base/hooks';
import { useToast } from '../../../components/use-toast';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { useIntl } from '../../../lib/i18n';
import { problemMessage, toProblem } from '../../../lib/problem';
import { bookingApi, useDecideBookingRequestMutation } from './endpoints';

type Decision = 'confirm' | 'decline';

/**
 * Confirms or declines a request with If-Match. A 412 or 409 (someone decided it meanwhile, or it
 * expired) re-reads the list and says so rather than retrying.
 */
export function useDecide(request: BookingRequest) {
  const { workspaceId } = useWorkspace();
  const [mutate] = useDecideBookingRequestMutation();
  const [busy, setBusy] = useState<Decision | null>(null);
  const toast = useToast();
  const dispatch = useAppDispatch();
  const intl = useIntl();

  const decide = async (decision: Decision, reason?: string) => {
    setBusy(decision);
    try {
      await mutate({
        workspaceId,
        id: request.id,
        version: request.version,
        decision,
        ...(reason && { reason }),
      }).unwrap();
      toast({
        tone: 'success',
        message:
          decision === 'confirm'
            ? intl.formatMessage(
                { id: 'booking.decide.confirmed' },
                { service: request.serviceName, name: request.name },
              )
            : intl.formatMessage({ id: 'booking.decide.declined' }, { name: request.name }),
      });
    } catch (error) {
      const problem = toProblem(error);
      if (problem.status === 412 || problem.status === 409) {
        dispatch(bookingApi.util.invalidateTags([{ type: 'Booking', id: `requests-${workspaceId}` }]));
        toast({
          tone: 'error',
          message: intl.formatMessage({ id: 'booking.decide.stale' }),
        });
      } else {
        toast({ tone: 'error', message: problemMessage(problem) });
      }
    } finally {
      setBusy(null);
    }
  };
  return { decide, busy };
}
