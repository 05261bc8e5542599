import type { Problem } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { Message } from '../../lib/i18n';
import { problemMessage } from '../../lib/problem';

/** `/me` could not load (offline, server down): say so and offer a retry. */
export function LoadFailed({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  return (
    <CardPage title={problem.title} subtitle={problemMessage(problem)}>
      <Button variant="primary" className="btn-block" onClick={onRetry}>
        <Message id="workspace.loadFailed.tryAgain" />
      </Button>
    </CardPage>
  );
}
