import type { Checklist, ChecklistAnswer, ChecklistItem } from '@fieldplan/shared';
import { recordLimits } from '@fieldplan/shared';
import { useEffect, useId, useState } from 'react';
import type { VisitRef } from '../../entities/record/types';
import { Message } from '../../lib/i18n';
import type { useRecordOutbox } from './use-record-outbox';

type RecordOutbox = ReturnType<typeof useRecordOutbox>;
type Item = Pick<ChecklistItem, 'id' | 'label' | 'kind' | 'unit' | 'choices' | 'required'>;

function RequiredMark({ item }: { item: Item }) {
  return item.required ? (
    <span className="wr-required">
      {' '}
      <Message id="workRecord.required.mark" />
    </span>
  ) : null;
}

/** A text or number answer: typed freely, queued when the field is left (not on every key). */
function TypedAnswer({
  item,
  value,
  error,
  onAnswer,
}: {
  item: Item;
  value: ChecklistAnswer | undefined;
  error: string | undefined;
  onAnswer: (answer: ChecklistAnswer) => void;
}) {
  const id = useId();
  const shown = value === null || value === undefined ? '' : String(value);
  // Remounted (by its key) whenever the answer shown changes, so the draft starts from it.
  const [local, setLocal] = useState(shown);
  const commit = () => {
    if (local === shown) return;
    const trimmed = local.trim();
    if (item.kind === 'number') {
      const number = trimmed === '' ? null : Number(trimmed.replace(',', '.'));
      if (number !== null && !Number.isFinite(number)) return;
      onAnswer(number);
    } else onAnswer(trimmed === '' ? null : local);
  };
  const errorId = `${id}-error`;
  // What the number box and the text box share: the label's id, the state, the answer on blur.
  const answer = {
    id,
    className: 'input',
    'aria-required': item.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    value: local,
    onBlur: commit,
  };
  return (
    <div className="wr-item">
      <label htmlFor={id}>
        {item.label}
        {item.unit ? ` (${item.unit})` : ''}
        <RequiredMark item={item} />
      </label>
      {item.kind === 'number' ? (
        <input type="text" inputMode="decimal" {...answer} onChange={(e) => setLocal(e.target.value)} />
      ) : (
        <textarea
          rows={2}
          maxLength={recordLimits.textAnswerMax}
          {...answer}
          onChange={(e) => setLocal(e.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="wr-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One checklist of the visit: each answer goes through the outbox as soon as it is given. */
export function ChecklistCard({
  visit,
  checklist,
  errors,
  outbox,
}: {
  visit: VisitRef;
  checklist: Checklist;
  /** Messages by item id (what completing still needs, or the server's refusal). */
  errors: Record<string, string>;
  outbox: RecordOutbox;
}) {
  const headingId = useId();
  // Shown at once: the outbox stores the answer a moment later (IndexedDB is asynchronous).
  const [given, setGiven] = useState<Record<string, ChecklistAnswer>>({});
  useEffect(() => {
    setGiven((now) => {
      const left = Object.entries(now).filter(([id, v]) => checklist.answers[id] !== v);
      return left.length === Object.keys(now).length ? now : Object.fromEntries(left);
    });
  }, [checklist.answers]);
  const answer = (itemId: string, value: ChecklistAnswer) => {
    setGiven((now) => ({ ...now, [itemId]: value }));
    void outbox.add(
      { type: 'answers', visit, templateId: checklist.templateId, answers: { [itemId]: value } },
      `checklist:${checklist.templateId}`,
    );
  };
  return (
    <section className="wr-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{checklist.name}</h2>
      {checklist.items.map((item) => {
        const value = item.id in given ? given[item.id] : checklist.answers[item.id];
        const error = errors[item.id];
        if (item.kind === 'check') {
          return (
            <div key={item.id} className="wr-item wr-check">
              <label>
                <input
                  type="checkbox"
                  checked={value === true}
                  aria-required={item.required}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => answer(item.id, e.target.checked)}
                />
                {item.label}
                <RequiredMark item={item} />
              </label>
              {error && <p className="wr-error">{error}</p>}
            </div>
          );
        }
        if (item.kind === 'choice') {
          return (
            <fieldset key={item.id} className="wr-item wr-choice">
              <legend>
                {item.label}
                <RequiredMark item={item} />
              </legend>
              {(item.choices ?? []).map((choice) => (
                <label key={choice}>
                  <input
                    type="radio"
                    name={`${checklist.templateId}-${item.id}`}
                    value={choice}
                    checked={value === choice}
                    onChange={() => answer(item.id, choice)}
                  />
                  {choice}
                </label>
              ))}
              {error && <p className="wr-error">{error}</p>}
            </fieldset>
          );
        }
        return (
          <TypedAnswer
            key={`${item.id}:${String(value ?? '')}`}
            item={item}
            value={value}
            error={error}
            onAnswer={(v) => answer(item.id, v)}
          />
        );
      })}
    </section>
  );
}
