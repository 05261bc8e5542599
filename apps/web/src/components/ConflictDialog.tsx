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
      title={
        <Message
          id="components.conflict.title"
          defaultMessage="{noun, select, job {Someone else changed this job} customer {Someone else changed this customer} area {Someone else changed this area} other {Someone else changed this record}}"
          values={{ noun }}
        />
      }
      description={
        <Message
          id="components.conflict.description"
          defaultMessage="It was saved by someone else after you opened it. Take their version, or apply your change on top of it."
        />
      }
      footer={
        <>
          <Button onClick={onReload} data-autofocus disabled={busy}>
            <Message id="components.conflict.reload" defaultMessage="Reload" />
          </Button>
          <Button variant="primary" onClick={onKeepMine} loading={busy}>
            <Message id="components.conflict.keepMine" defaultMessage="Keep mine" />
          </Button>
        </>
      }
    >
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">
                <Message id="components.conflict.field" defaultMessage="Field" />
              </span>
            </th>
            <th scope="col">
              <Message
                id="components.conflict.theirVersion"
                defaultMessage="Their version (v{version})"
                values={{ version: theirVersion }}
              />
            </th>
            <th scope="col">
              <Message id="components.conflict.yours" defaultMessage="Yours" />
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
                        <Message id="components.conflict.differs" defaultMessage="differs" />
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
