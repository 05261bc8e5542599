import { useEffect } from 'react';
import { resend } from '../../base/failure-listener';
import { selectNotices, shown } from '../../base/failures-slice';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { useToast } from '../../components/use-toast';
import { useIntl } from '../../lib/i18n';

/** Shows the failed writes the store noticed as toasts; Retry sends the same write again. */
export function FailureToasts() {
  const intl = useIntl();
  const notices = useAppSelector(selectNotices);
  const dispatch = useAppDispatch();
  const toast = useToast();
  useEffect(() => {
    for (const notice of notices) {
      const { retry } = notice;
      dispatch(shown(notice.id));
      toast({
        tone: notice.tone,
        message: notice.message,
        action: retry && {
          label: intl.formatMessage({ id: 'errors.toast.retry' }),
          onClick: () => {
            const request = resend(dispatch, retry);
            request
              ?.unwrap()
              .then(() =>
                toast({
                  tone: 'success',
                  message: intl.formatMessage({ id: 'errors.toast.saved' }),
                }),
              )
              // A failure again is noticed (and toasted) like the first one.
              .catch(() => undefined);
          },
        },
      });
    }
  }, [notices, dispatch, toast, intl]);
  return null;
}
