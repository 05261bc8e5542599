import {
  type ChecklistItemKind,
  type ChecklistTemplate,
  checklistItemKinds,
  recordLimits,
  type SignatureRule,
} from '@fieldplan/shared';
import { useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import {
  useCreateChecklistTemplateMutation,
  useUpdateChecklistTemplateMutation,
} from '../../entities/record/endpoints';
import { Message, useIntl } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';

interface DraftItem {
  id: string;
  label: string;
  kind: ChecklistItemKind;
  unit: string;
  /** One choice a line. */
  choices: string;
  required: boolean;
}

const kindLabel: Record<ChecklistItemKind, MessageDescriptor> = defineMessages({
  check: { id: 'workRecord.editor.kind.check' },
  text: { id: 'workRecord.editor.kind.text' },
  number: { id: 'workRecord.editor.kind.number' },
  choice: { id: 'workRecord.editor.kind.choice' },
});
const signatureLabel: Record<SignatureRule, MessageDescriptor> = defineMessages({
  none: { id: 'workRecord.editor.signature.none' },
  optional: { id: 'workRecord.editor.signature.optional' },
  required: { id: 'workRecord.editor.signature.required' },
});

/** An id for a new item, unique in the template (ids stay once answered, labels may change). */
function newItemId(items: readonly DraftItem[]): string {
  let n = items.length + 1;
  while (items.some((i) => i.id === `item-${n}`)) n += 1;
  return `item-${n}`;
}

function toDraft(template: ChecklistTemplate | null): DraftItem[] {
  if (!template) return [{ id: 'item-1', label: '', kind: 'check', unit: '', choices: '', required: true }];
  return template.items.map((i) => ({
    id: i.id,
    label: i.label,
    kind: i.kind,
    unit: i.unit ?? '',
    choices: (i.choices ?? []).join('\n'),
    required: i.required,
  }));
}

/** Create or edit one checklist template: name, title pattern, signature rule and its items. */
export function TemplateEditor({
  workspaceId,
  template,
  onDone,
}: {
  workspaceId: string;
  template: ChecklistTemplate | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(template?.name ?? '');
  const [pattern, setPattern] = useState(template?.titlePattern ?? '');
  const [signature, setSignature] = useState<SignatureRule>(template?.signature ?? 'none');
  const [items, setItems] = useState<DraftItem[]>(() => toDraft(template));
  const [errors, setErrors] = useState<string[]>([]);
  const [create, creating] = useCreateChecklistTemplateMutation();
  const [update, updating] = useUpdateChecklistTemplateMutation();

  const change = (index: number, patch: Partial<DraftItem>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const save = async () => {
    const body = {
      name,
      titlePattern: pattern.trim() || null,
      signature,
      items: items.map((i) => ({
        id: i.id,
        label: i.label,
        kind: i.kind,
        required: i.required,
        ...(i.kind === 'number' && i.unit.trim() ? { unit: i.unit.trim() } : {}),
        ...(i.kind === 'choice'
          ? {
              choices: i.choices
                .split('\n')
                .map((c) => c.trim())
                .filter(Boolean),
            }
          : {}),
      })),
    };
    try {
      if (template) {
        await update({ workspaceId, id: template.id, version: template.version, patch: body }).unwrap();
      } else {
        await create({ workspaceId, template: body }).unwrap();
      }
      onDone();
    } catch (error) {
      const problem = toProblem(error);
      // Messages name their field ("Label is required", "A choice item needs at least 2 choices").
      setErrors(problem.errors?.length ? problem.errors.map((e) => e.message) : [problem.detail]);
    }
  };

  return (
    <form
      className="tpl-editor"
      aria-label={
        template
          ? intl.formatMessage({ id: 'workRecord.editor.edit' }, { name: template.name })
          : intl.formatMessage({ id: 'workRecord.templates.new' })
      }
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {errors.length > 0 && (
        <Alert title={intl.formatMessage({ id: 'workRecord.editor.notSaved' })}>
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      <TextField
        label={intl.formatMessage({ id: 'workRecord.editor.name' })}
        value={name}
        maxLength={recordLimits.templateNameMax}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={intl.formatMessage({ id: 'workRecord.editor.pattern' })}
        hint={intl.formatMessage({ id: 'workRecord.editor.patternHint' })}
        optional
        value={pattern}
        maxLength={recordLimits.titlePatternMax}
        onChange={(e) => setPattern(e.target.value)}
      />
      <Select
        label={intl.formatMessage({ id: 'workRecord.editor.signature' })}
        value={signature}
        onChange={(e) => setSignature(e.target.value as SignatureRule)}
      >
        {(Object.keys(signatureLabel) as SignatureRule[]).map((rule) => (
          <option key={rule} value={rule}>
            {intl.formatMessage(signatureLabel[rule])}
          </option>
        ))}
      </Select>
      <fieldset className="tpl-items">
        <legend>
          <Message id="workRecord.editor.items" />
        </legend>
        <ol>
          {items.map((item, index) => (
            <li key={item.id} className="tpl-item">
              <TextField
                label={intl.formatMessage({ id: 'workRecord.editor.item' }, { n: index + 1 })}
                value={item.label}
                maxLength={recordLimits.itemLabelMax}
                onChange={(e) => change(index, { label: e.target.value })}
              />
              <Select
                label={intl.formatMessage({ id: 'workRecord.editor.itemKind' }, { n: index + 1 })}
                value={item.kind}
                onChange={(e) => change(index, { kind: e.target.value as ChecklistItemKind })}
              >
                {checklistItemKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {intl.formatMessage(kindLabel[kind])}
                  </option>
                ))}
              </Select>
              {item.kind === 'number' && (
                <TextField
                  label={intl.formatMessage({ id: 'workRecord.editor.itemUnit' }, { n: index + 1 })}
                  optional
                  value={item.unit}
                  maxLength={recordLimits.unitMax}
                  onChange={(e) => change(index, { unit: e.target.value })}
                />
              )}
              {item.kind === 'choice' && (
                <label className="tpl-choices">
                  <Message id="workRecord.editor.itemChoices" values={{ n: index + 1 }} />
                  <textarea
                    className="input"
                    rows={3}
                    value={item.choices}
                    onChange={(e) => change(index, { choices: e.target.value })}
                  />
                </label>
              )}
              <label className="tpl-required">
                <input
                  type="checkbox"
                  checked={item.required}
                  onChange={(e) => change(index, { required: e.target.checked })}
                />
                <Message id="workRecord.editor.required" />
              </label>
              <Button
                size="sm"
                variant="ghost"
                icon="trash"
                disabled={items.length === 1}
                onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
              >
                <Message id="workRecord.editor.removeItem" values={{ n: index + 1 }} />
              </Button>
            </li>
          ))}
        </ol>
        <Button
          icon="plus"
          disabled={items.length >= recordLimits.itemsMax}
          onClick={() =>
            setItems((list) => [
              ...list,
              { id: newItemId(list), label: '', kind: 'check', unit: '', choices: '', required: false },
            ])
          }
        >
          <Message id="workRecord.editor.addItem" />
        </Button>
      </fieldset>
      <div className="tpl-actions">
        <Button type="submit" variant="primary" loading={creating.isLoading || updating.isLoading}>
          <Message id="workRecord.editor.save" />
        </Button>
        <Button onClick={onDone}>
          <Message id="workRecord.editor.cancel" />
        </Button>
      </div>
    </form>
  );
}
