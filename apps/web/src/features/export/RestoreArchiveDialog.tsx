import type { ArchiveRestoreResult } from '@fieldplan/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../base/api';
import { useAppDispatch } from '../../base/hooks';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage } from '../../lib/problem';
import { uploadArchive } from './download';
import { RestoredInvitations } from './RestoredInvitations';

type State =
  | { step: 'choose'; error?: string }
  | { step: 'uploading'; sent: number }
  | { step: 'restoring' }
  | { step: 'done'; result: ArchiveRestoreResult };

/** Creates a NEW workspace from an archive: choose the file, watch it upload and restore, then open it. */
export function RestoreArchiveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'choose' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = state.step === 'uploading' || state.step === 'restoring';

  const close = () => {
    if (busy) return;
    setFile(null);
    setState({ step: 'choose' });
    onClose();
  };
  const start = async () => {
    if (!file) return;
    setState({ step: 'uploading', sent: 0 });
    const outcome = await uploadArchive(file, (sent) =>
      setState(sent >= 1 ? { step: 'restoring' } : { step: 'uploading', sent }),
    );
    if (!outcome.ok) {
      const where = outcome.problem.errors?.[0]?.path;
      setState({ step: 'choose', error: `${problemMessage(outcome.problem)}${where ? ` (${where})` : ''}` });
      return;
    }
    // The new workspace joins the switcher once the session is read again.
    dispatch(api.util.invalidateTags(['Me']));
    setState({ step: 'done', result: outcome.result });
  };

  const footer =
    state.step === 'done' ? (
      <>
        <Button onClick={close}>
          <Message id="export.restore.close" />
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            const slug = state.result.workspace.slug;
            close();
            void navigate(`/w/${slug}`);
          }}
        >
          <Message id="export.restore.open" values={{ name: state.result.workspace.name }} />
        </Button>
      </>
    ) : (
      <>
        <Button onClick={close} disabled={busy}>
          <Message id="export.restore.cancel" />
        </Button>
        <Button variant="primary" icon="upload" onClick={() => void start()} disabled={!file || busy}>
          {busy ? <Message id="export.restore.restoring" /> : <Message id="export.restore.create" />}
        </Button>
      </>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={intl.formatMessage({ id: 'export.restore.title' })}
      description={intl.formatMessage({ id: 'export.restore.description' })}
      footer={footer}
    >
      {state.step === 'done' ? (
        <div className="restore-result" role="status">
          <p>
            <Message
              id="export.restore.created"
              values={{
                name: state.result.workspace.name,
                customers: state.result.counts.customers ?? 0,
                jobs: state.result.counts.jobs ?? 0,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
          <RestoredInvitations invitations={state.result.invitations} />
        </div>
      ) : (
        <div className="restore-form">
          <label className="field">
            <span className="field-label">
              <Message id="export.restore.file" />
            </span>
            <input
              type="file"
              accept=".zip,application/zip"
              disabled={busy}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          {state.step === 'uploading' && (
            <div className="restore-progress">
              <progress
                max={1}
                value={state.sent}
                aria-label={intl.formatMessage({ id: 'export.restore.uploadingLabel' })}
              />
              <span role="status">
                <Message id="export.restore.uploading" values={{ percent: Math.round(state.sent * 100) }} />
              </span>
            </div>
          )}
          {state.step === 'restoring' && (
            <p role="status">
              <Message id="export.restore.checking" />
            </p>
          )}
          {state.step === 'choose' && state.error && (
            <p className="restore-error" role="alert">
              {state.error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
