import { isProblem } from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { Message, useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { reportError } from '../../monitoring';
import './Errors.css';

/**
 * The app's error boundary (the root route's `errorElement`): a render error anywhere shows this
 * instead of a blank page, is reported, and the report's event id is shown as the reference.
 */
export function RouteError() {
  const intl = useIntl();
  const error = useRouteError();
  const title = intl.formatMessage({ id: 'errors.route.title' });
  useDocumentTitle(title);
  // A Problem thrown by a loader was reported by the server already; it carries its own reference.
  const known = isProblem(error) ? error.reference : undefined;
  const [reference, setReference] = useState<string | undefined>(known);
  useEffect(() => {
    if (isProblem(error)) return;
    let live = true;
    void reportError(error).then((id) => {
      if (live && id) setReference(id);
    });
    return () => {
      live = false;
    };
  }, [error]);
  return (
    <CardPage title={title} subtitle={<Message id="errors.route.hint" />}>
      {reference && (
        <p className="error-reference">
          <Message
            id="errors.route.reported"
            values={{ reference, code: (chunks) => <code data-testid="error-reference">{chunks}</code> }}
          />
        </p>
      )}
      <Button variant="primary" className="btn-block" onClick={() => window.location.reload()}>
        <Message id="errors.route.reload" />
      </Button>
    </CardPage>
  );
}
