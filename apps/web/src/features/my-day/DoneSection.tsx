import { type ReactNode, useId, useState } from 'react';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';

/**
 * The day's completed and cancelled visits, folded under "Done (n)" below what is left to do: a
 * disclosure button (Enter or Space) opens and closes the list.
 */
export function DoneSection({ count, children }: { count: number; children: ReactNode }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (count === 0) return null;
  return (
    <section className="myday-done" aria-label={intl.formatMessage({ id: 'myDay.done.label' })}>
      <h2 className="myday-done-head">
        <button
          type="button"
          className="myday-done-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={18} />
          <Message id="myDay.done.toggle" values={{ count }} />
        </button>
      </h2>
      <ol id={listId} className="plain-list myday-list" hidden={!open}>
        {children}
      </ol>
    </section>
  );
}
