import { type Import, type ImportKind, importLimits, type Problem } from '@fieldplan/shared';
import { type DragEvent, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';
import { formatCount } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage } from '../../lib/problem';
import { uploadImport } from './upload';

/** Step 1: a file by drag and drop or the file picker, sent at once with its progress. */
export function ImportUpload({
  workspaceId,
  kind,
  onUploaded,
}: {
  workspaceId: string;
  kind: ImportKind;
  onUploaded: (imp: Import) => void;
}) {
  const intl = useIntl();
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function send(file: File) {
    setProblem(null);
    setSent(0);
    const outcome = await uploadImport(workspaceId, kind, file, setSent);
    setSent(null);
    if ('data' in outcome) onUploaded(outcome.data);
    else setProblem(outcome.error);
  }
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void send(file);
  };
  const detail = problem ? (problem.errors?.[0]?.message ?? problemMessage(problem)) : null;

  return (
    <Panel
      title={intl.formatMessage({ id: 'import.upload.title' })}
      description={kind === 'jobs' ? intl.formatMessage({ id: 'import.upload.jobsDescription' }) : undefined}
    >
      <label
        className={`import-drop${over ? ' import-drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Icon name="upload" size={24} />
        <span className="import-drop-title">
          <Message id="import.upload.drop" />
        </span>
        <span className="import-drop-hint">
          <Message
            id="import.upload.limits"
            values={{ megabytes: importLimits.maxBytes / 1024 / 1024, rows: formatCount(importLimits.maxRows) }}
          />
        </span>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={sent !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
            e.target.value = '';
          }}
        />
      </label>
      {sent !== null && (
        <div
          className="import-bar"
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'import.upload.uploading' })}
          aria-valuenow={Math.round(sent * 100)}
        >
          <span style={{ width: `${Math.round(sent * 100)}%` }} />
        </div>
      )}
      {detail && (
        <Alert
          title={
            problem?.status === 413
              ? intl.formatMessage({ id: 'import.upload.tooLarge' })
              : intl.formatMessage({ id: 'import.upload.refused' })
          }
        >
          {detail}
        </Alert>
      )}
    </Panel>
  );
}
