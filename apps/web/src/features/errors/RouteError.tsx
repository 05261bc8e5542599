import { isProblem } from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { reportError } from '../../monitoring';
import './Errors.css';

/**
 * The app's error boundary (the root route's `errorElement`): a render error anywhere shows this
 * instead of a blank page, is reported, and the report's event id is shown as the reference.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
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
    <CardPage
      title="Something went wrong"
      subtitle="This screen hit an error it could not recover from. Reload the page to carry on; if it keeps happening, tell us what you were doing."
    >
      {reference && (
        <p className="error-reference">
          The error was reported. Reference: <code data-testid="error-reference">{reference}</code>
        </p>
      )}
      <Button variant="primary" className="btn-block" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </CardPage>
  );
}
