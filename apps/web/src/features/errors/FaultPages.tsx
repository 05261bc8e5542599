import { Link } from 'react-router';
import { api } from '../../base/api';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { PageHeader } from '../../components/Panel';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { NotFoundContent } from './NotFoundPage';

const debugApi = api.injectEndpoints({
  endpoints: (build) => ({
    // With FIELDPLAN_FAULT_INJECTION=1 the server answers 500 here, on purpose.
    failOnServer: build.query<unknown, void>({ query: () => '/debug/fail', keepUnusedDataFor: 0 }),
  }),
});

/** Fault injection is on (tests only): the server says so in `GET /config`. */
function useFaults(): boolean | undefined {
  const { data } = useGetConfigQuery();
  return data && data.faults === true;
}

/** `/w/:slug/debug/throw`: throws while rendering, to prove the error boundary and its report. */
export function ThrowOnRender() {
  const faults = useFaults();
  if (faults === undefined) return null;
  if (!faults) return <NotFoundContent />;
  throw new Error('Fault injection: a render error on purpose');
}

/** `/w/:slug/debug`: buttons that fail on purpose, in the browser and on the server. */
export function FaultsPage() {
  const intl = useIntl();
  const { slug } = useWorkspace();
  const faults = useFaults();
  const [fail, failure] = debugApi.useLazyFailOnServerQuery();
  if (faults === undefined) return null;
  if (!faults) return <NotFoundContent />;
  return (
    <>
      <PageHeader
        title={intl.formatMessage({ id: 'errors.faults.title' })}
        description={intl.formatMessage({ id: 'errors.faults.description' })}
      />
      <div className="fault-actions">
        <Link to={`/w/${slug}/debug/throw`} className={buttonClass('secondary')}>
          <Message id="errors.faults.throw" />
        </Link>
        <Button onClick={() => void fail()} loading={failure.isFetching}>
          <Message id="errors.faults.failOnServer" />
        </Button>
      </div>
      {failure.error && !failure.isFetching && (
        <Alert tone="error" title={intl.formatMessage({ id: 'errors.faults.serverFailed' })}>
          {problemMessage(toProblem(failure.error))}
        </Alert>
      )}
    </>
  );
}
