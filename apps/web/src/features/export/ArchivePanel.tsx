import { useState } from 'react';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { Message, useIntl } from '../../lib/i18n';
import { formatBytes } from './download';
import { RestoreArchiveDialog } from './RestoreArchiveDialog';
import { useToastedDownload } from './use-toasted-download';
import './Export.css';

/**
 * Settings → Workspace archive (owner): the whole workspace as one zip to keep or to move to another
 * Fieldplan, and a new workspace from such a zip (docs/adr/0035-export-and-workspace-archive.md).
 */
export function ArchivePanel({ workspaceId }: { workspaceId: string }) {
  const intl = useIntl();
  const download = useToastedDownload();
  const [received, setReceived] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const start = async () => {
    setReceived(0);
    await download(`/workspaces/${encodeURIComponent(workspaceId)}/archive`, 'fieldplan-archive.zip', setReceived);
    setReceived(null);
  };
  return (
    <Panel
      className="archive-panel"
      title={intl.formatMessage({ id: 'export.archive.title' })}
      description={intl.formatMessage({ id: 'export.archive.description' })}
    >
      <div className="archive-actions">
        <Button icon="download" onClick={() => void start()} disabled={received !== null}>
          {received === null ? <Message id="export.archive.download" /> : <Message id="export.archive.downloading" />}
        </Button>
        <Button icon="upload" onClick={() => setRestoring(true)}>
          <Message id="export.archive.restore" />
        </Button>
        <span className="archive-progress" role="status" aria-live="polite">
          {received !== null && <Message id="export.archive.received" values={{ size: formatBytes(received) }} />}
        </span>
      </div>
      <p className="muted archive-note">
        <Message id="export.archive.restoreNote" />
      </p>
      <RestoreArchiveDialog open={restoring} onClose={() => setRestoring(false)} />
    </Panel>
  );
}
