import { Message } from '../lib/i18n';
import { Button } from './Button';
import { Dialog } from './Dialog';
import './ConflictDialog.css';

export interface ConflictRow {
  label: string;
  theirs: string;
  mine: string;
  /** Whether the values differ, when their text alone can't tell (two different shapes). */
  differs?: boolean;
}

interface ConflictDialogProps {
  open: boolean;
  /** "job", "customer", "area" (a key, not words): the title says "Someone else changed this job". */
  noun: string;
  theirVersion: number;
  rows: ConflictRow[];
  busy?: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}

/**
 * 412 (docs/PRODUCT.md, "Error catalogue"): someone saved the record after we loaded it. Their version beside ours,
 * changed fields flagged; Reload takes theirs, Keep mine sends ours on top of theirs.
 */
export function ConflictDialog({
  open,
  noun,
  theirVersion,
  rows,
  busy = false,
  onReload,
  onKeepMine,
}: ConflictDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onReload}
      role="alertdialog"
      title={<Message id="components.conflict.title" values={{ noun }} />}
      description={<Message id="components.conflict.description" />}
      footer={
        <>
          <Button onClick={onReload} data-autofocus disabled={busy}>
            <Message id="components.conflict.reload" />
          </Button>
          <Button variant="primary" onClick={onKeepMine} loading={busy}>
            <Message id="components.conflict.keepMine" />
          </Button>
        </>
      }
    >
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">
                <Message id="components.conflict.field" />
              </span>
            </th>
            <th scope="col">
              <Message id="components.conflict.theirVersion" values={{ version: theirVersion }} />
            </th>
            <th scope="col">
              <Message id="components.conflict.yours" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const changed = row.differs ?? row.theirs !== row.mine;
            return (
              <tr key={row.label} className={changed ? 'conflict-changed' : undefined}>
                <th scope="row">
                  {row.label}
                  {changed && (
                    <>
                      {' '}
                      <span className="conflict-flag">
                        <Message id="components.conflict.differs" />
                      </span>
                    </>
                  )}
                </th>
                <td>{row.theirs}</td>
                <td>{row.mine}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
