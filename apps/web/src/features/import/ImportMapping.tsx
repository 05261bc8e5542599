import {
  type DuplicatePolicy,
  type Import,
  type ImportField,
  type ImportPreview,
  importFields,
  importLimits,
  type Problem,
} from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { Select } from '../../components/Select';
import { formatCount } from '../../lib/format';
import { Message, t, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { usePreviewImportMutation, useStartImportMutation } from './endpoints';
import { importFieldLabels } from './field-labels';
import { PreviewTable } from './PreviewTable';

const policyText = defineMessages({
  skip: { id: 'import.policy.skip' },
  update: { id: 'import.policy.update' },
  create: { id: 'import.policy.create' },
});
const policies: { value: DuplicatePolicy; text: MessageDescriptor }[] = [
  { value: 'skip', text: policyText.skip },
  { value: 'update', text: policyText.update },
  { value: 'create', text: policyText.create },
];

/** The encoding note: what the file was read as, and whether that was a guess. */
function encodingNote(imp: Import): string {
  if (imp.format === 'xlsx') return t({ id: 'import.mapping.xlsx' });
  const name = imp.encoding === 'windows-1252' ? t({ id: 'import.mapping.windows1252' }) : imp.encoding.toUpperCase();
  return imp.encodingGuessed
    ? t({ id: 'import.mapping.encodingGuessed' }, { name })
    : t({ id: 'import.mapping.encoding' }, { name });
}

/** Steps 2 and 3: a field per column, the duplicate policy, and the first rows as they will be saved. */
export function ImportMapping({ workspaceId, imp }: { workspaceId: string; imp: Import }) {
  const intl = useIntl();
  const [mapping, setMapping] = useState(imp.mapping);
  const [policy, setPolicy] = useState<DuplicatePolicy>(imp.duplicatePolicy);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [runPreview] = usePreviewImportMutation();
  const [start, starting] = useStartImportMutation();
  const fields = Object.keys(importFields[imp.kind]) as ImportField[];
  const body = { mapping, duplicatePolicy: policy };

  useEffect(() => {
    let current = true;
    runPreview({ workspaceId, id: imp.id, body: { mapping, duplicatePolicy: policy } })
      .unwrap()
      .then((answer) => {
        if (!current) return;
        setPreview(answer);
        setProblem(null);
      })
      .catch((error: unknown) => current && setProblem(toProblem(error)));
    return () => {
      current = false;
    };
  }, [workspaceId, imp.id, mapping, policy, runPreview]);

  const setColumn = (i: number, field: string) =>
    setMapping((prev) => prev.map((f, j) => (j === i ? field || null : field && f === field ? null : f)));
  const refused = preview?.rows.filter((r) => r.action === 'refuse').length ?? 0;

  return (
    <>
      <Panel
        title={intl.formatMessage({ id: 'import.mapping.title' })}
        description={intl.formatMessage(
          { id: 'import.mapping.description' },
          { fileName: imp.fileName, count: imp.totalRows, rows: formatCount(imp.totalRows) },
        )}
      >
        <p className="import-note" data-testid="encoding-note">
          {encodingNote(imp)}
        </p>
        <div className="import-columns">
          {imp.headers.map((header, i) => (
            <Select
              // Columns are fixed by the file; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the header's order never changes
              key={i}
              label={header || intl.formatMessage({ id: 'import.mapping.column' }, { n: i + 1 })}
              value={mapping[i] ?? ''}
              onChange={(e) => setColumn(i, e.target.value)}
            >
              <option value="">{intl.formatMessage({ id: 'import.mapping.leaveOut' })}</option>
              {fields.map((field) => (
                <option key={field} value={field}>
                  {intl.formatMessage(importFieldLabels[field])}
                </option>
              ))}
            </Select>
          ))}
        </div>
        {imp.kind === 'jobs' ? (
          <p className="import-note">
            <Message id="import.mapping.jobsNote" />
          </p>
        ) : (
          <fieldset className="import-policy">
            <legend>
              <Message id="import.mapping.policyLegend" />
            </legend>
            {policies.map((p) => (
              <label key={p.value}>
                <input
                  type="radio"
                  name="policy"
                  value={p.value}
                  checked={policy === p.value}
                  onChange={() => setPolicy(p.value)}
                />
                <Message {...p.text} values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
              </label>
            ))}
          </fieldset>
        )}
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'import.preview.title' })}
        description={intl.formatMessage({ id: 'import.preview.description' }, { count: importLimits.previewRows })}
      >
        {problem && <Alert>{problem.errors?.[0]?.message ?? problemMessage(problem)}</Alert>}
        {preview && <PreviewTable kind={imp.kind} rows={preview.rows} />}
        <div className="import-actions">
          {refused > 0 && (
            <span className="import-note">
              <Message id="import.preview.refused" values={{ refused }} />
            </span>
          )}
          <Button
            variant="primary"
            icon="upload"
            disabled={starting.isLoading || problem !== null}
            onClick={() =>
              void start({ workspaceId, id: imp.id, body })
                .unwrap()
                .catch((e: unknown) => setProblem(toProblem(e)))
            }
          >
            <Message id="import.mapping.start" values={{ count: imp.totalRows, rows: formatCount(imp.totalRows) }} />
          </Button>
        </div>
      </Panel>
    </>
  );
}
