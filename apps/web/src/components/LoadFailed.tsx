import { Message } from '../lib/i18n';
import { problemMessage, toProblem } from '../lib/problem';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

/** A screen's record could not load: what, why, and a way to ask again. */
export function LoadFailedState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <EmptyState
      icon="alert"
      title={title}
      action={
        <Button onClick={onRetry}>
          <Message id="components.tryAgain" />
        </Button>
      }
    >
      {problemMessage(toProblem(error))}
    </EmptyState>
  );
}

/** A list could not load, said in a line: the message, then a link-like "Try again". */
export function RetryLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        <Message id="components.tryAgain" />
      </button>
    </>
  );
}
