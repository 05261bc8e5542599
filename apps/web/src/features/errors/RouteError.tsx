import { isProblem } from '@fieldplan/shared';
import { useRouteError } from 'react-router';
import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';

/** Last line of defence: a render error anywhere shows this instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const reference = isProblem(error) ? error.reference : undefined;
  return (
    <CardPage
      title="Something went wrong"
      subtitle={
        reference
          ? `The error was reported (reference ${reference}). Reload the page to carry on.`
          : 'Reload the page to carry on. If it keeps happening, tell us what you were doing.'
      }
    >
      <Button variant="primary" className="btn-block" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </CardPage>
  );
}
