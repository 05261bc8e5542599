import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';
import type { RecordItem } from './record-outbox';

/** Where one write stands: waiting (with the upload's progress) or refused, with a way to remove it. */
export function OutboxState({ item, onRemove }: { item: RecordItem; onRemove: (id: string) => void }) {
  const intl = useIntl();
  if (item.failure) {
    return (
      <div className="wr-refused" role="alert">
        <p>
          <Icon name="alert" size={14} /> {item.failure.message}
        </p>
        <Button size="sm" variant="danger" icon="trash" onClick={() => onRemove(item.id)}>
          <Message id="workRecord.outbox.remove" />
        </Button>
      </div>
    );
  }
  const progress = item.progress;
  return (
    <p className="wr-waiting">
      <Icon name="clock" size={14} /> <Message id="workRecord.outbox.waiting" />
      {progress && progress.total > 0 && (
        <progress
          max={progress.total}
          value={progress.done}
          aria-label={intl.formatMessage({ id: 'workRecord.outbox.progress' })}
        >
          {Math.round((progress.done / progress.total) * 100)}%
        </progress>
      )}
    </p>
  );
}
