import { recordLimits } from '@fieldplan/shared';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/TextArea';
import type { VisitRef } from '../../entities/record/types';
import { Message, useIntl } from '../../lib/i18n';
import type { ShownNote } from './merge';
import { OutboxState } from './OutboxState';
import type { useRecordOutbox } from './use-record-outbox';

type RecordOutbox = ReturnType<typeof useRecordOutbox>;

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }).format(
    new Date(iso),
  );

/** The visit's notes: write one, edit your own (offline too: each goes through the outbox). */
export function NotesSection({
  visit,
  notes,
  myId,
  outbox,
}: {
  visit: VisitRef;
  notes: ShownNote[];
  /** The viewer's member id: their notes are editable. */
  myId: string;
  outbox: RecordOutbox;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);

  const add = async () => {
    const body = draft.trim();
    if (!body) {
      setError(intl.formatMessage({ id: 'workRecord.notes.empty' }));
      return;
    }
    const noteId = crypto.randomUUID();
    await outbox.add({ type: 'note', visit, noteId, body, edit: false }, `note:${noteId}`);
    setDraft('');
    setError(undefined);
  };

  const save = async (note: ShownNote, body: string) => {
    const text = body.trim();
    if (!text) return;
    setEditing(null);
    // Still waiting to go: change what will be sent instead of queueing a second write.
    if (note.pending && !note.pending.failure) {
      await outbox.update(note.pending.id, (i) =>
        i.payload.type === 'note' ? { ...i, payload: { ...i.payload, body: text } } : i,
      );
      return;
    }
    await outbox.add(
      { type: 'note', visit, noteId: note.id, body: text, edit: true },
      `note:${note.id}`,
      note.version === null ? {} : { baseVersion: note.version },
    );
  };

  return (
    <section className="wr-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Message id="workRecord.notes.heading" />
      </h2>
      {notes.length === 0 && (
        <p className="wr-empty">
          <Message id="workRecord.notes.none" />
        </p>
      )}
      <ul className="plain-list wr-notes">
        {notes.map((note) => {
          const mine = note.authorId === null || note.authorId === myId;
          return (
            <li key={note.id} className="wr-note">
              {editing?.id === note.id ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void save(note, editing.body);
                  }}
                >
                  <TextArea
                    label={intl.formatMessage({ id: 'workRecord.notes.edit' })}
                    value={editing.body}
                    maxLength={recordLimits.noteMax}
                    onChange={(e) => setEditing({ id: note.id, body: e.target.value })}
                    rows={3}
                  />
                  <div className="wr-row">
                    <Button type="submit" variant="primary">
                      <Message id="workRecord.notes.save" />
                    </Button>
                    <Button onClick={() => setEditing(null)}>
                      <Message id="workRecord.notes.cancel" />
                    </Button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="wr-note-body">{note.body}</p>
                  <p className="wr-meta">
                    {note.authorName} · {when(note.createdAt)}
                  </p>
                  {note.pending && <OutboxState item={note.pending} onRemove={outbox.remove} />}
                  {mine && !note.pending?.failure && (
                    <Button size="sm" variant="ghost" icon="pencil" onClick={() => setEditing(note)}>
                      <Message id="workRecord.notes.editButton" />
                    </Button>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="wr-add-note"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextArea
          label={intl.formatMessage({ id: 'workRecord.notes.new' })}
          value={draft}
          error={error}
          maxLength={recordLimits.noteMax}
          rows={3}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="primary" icon="plus">
          <Message id="workRecord.notes.add" />
        </Button>
      </form>
    </section>
  );
}
