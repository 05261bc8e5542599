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
import { Message, t, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { usePreviewImportMutation, useStartImportMutation } from './endpoints';
import { importFieldLabels } from './field-labels';
import { PreviewTable } from './PreviewTable';

const policyText = defineMessages({
  skip: { id: 'import.policy.skip', defaultMessage: '<strong>Skip</strong> — keep the existing customer as it is' },
  update: {
    id: 'import.policy.update',
    defaultMessage: "<strong>Update</strong> — overwrite it with the file's values",
  },
  create: { id: 'import.policy.create', defaultMessage: '<strong>Create</strong> — add the row as another customer' },
});
const policies: { value: DuplicatePolicy; text: MessageDescriptor }[] = [
  { value: 'skip', text: policyText.skip },
  { value: 'update', text: policyText.update },
  { value: 'create', text: policyText.create },
];

/** The encoding note: what the file was read as, and whether that was a guess. */
function encodingNote(imp: Import): string {
  if (imp.format === 'xlsx')
    return t({ id: 'import.mapping.xlsx', defaultMessage: 'Excel workbook: the first sheet is imported.' });
  const name =
    imp.encoding === 'windows-1252'
      ? t({ id: 'import.mapping.windows1252', defaultMessage: 'Windows-1252 (Western European)' })
      : imp.encoding.toUpperCase();
  return imp.encodingGuessed
    ? t(
        {
          id: 'import.mapping.encodingGuessed',
          defaultMessage:
            'Read as {name}: the file is not UTF-8, so its encoding was detected. If letters like ä or é look wrong below, save the file as “CSV UTF-8” and upload it again.',
        },
        { name },
      )
    : t({ id: 'import.mapping.encoding', defaultMessage: 'Read as {name}.' }, { name });
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
        title={intl.formatMessage({ id: 'import.mapping.title', defaultMessage: '2. Match the columns' })}
        description={intl.formatMessage(
          {
            id: 'import.mapping.description',
            defaultMessage: '{fileName} · {count, plural, one {{rows} row} other {{rows} rows}}',
          },
          { fileName: imp.fileName, count: imp.totalRows, rows: imp.totalRows.toLocaleString() },
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
              label={
                header ||
                intl.formatMessage({ id: 'import.mapping.column', defaultMessage: 'Column {n}' }, { n: i + 1 })
              }
              value={mapping[i] ?? ''}
              onChange={(e) => setColumn(i, e.target.value)}
            >
              <option value="">
                {intl.formatMessage({ id: 'import.mapping.leaveOut', defaultMessage: '— leave out —' })}
              </option>
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
            <Message
              id="import.mapping.jobsNote"
              defaultMessage="A row whose “ID in the other tool” was imported before is skipped, so importing a file again adds nothing twice. Imported jobs send customers no confirmation."
            />
          </p>
        ) : (
          <fieldset className="import-policy">
            <legend>
              <Message
                id="import.mapping.policyLegend"
                defaultMessage="When a row matches an existing customer (same email, phone or address)"
              />
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
        title={intl.formatMessage({ id: 'import.preview.title', defaultMessage: '3. Check the first rows' })}
        description={intl.formatMessage(
          {
            id: 'import.preview.description',
            defaultMessage:
              'The first {count} rows as they will be saved. Rows with problems are left out; the rest are imported.',
          },
          { count: importLimits.previewRows },
        )}
      >
        {problem && <Alert>{problem.errors?.[0]?.message ?? problemMessage(problem)}</Alert>}
        {preview && <PreviewTable kind={imp.kind} rows={preview.rows} />}
        <div className="import-actions">
          {refused > 0 && (
            <span className="import-note">
              <Message
                id="import.preview.refused"
                defaultMessage="{refused} of these rows will be refused — fix them in the file, or import the rest now."
                values={{ refused }}
              />
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
            <Message
              id="import.mapping.start"
              defaultMessage="{count, plural, one {Import {rows} row} other {Import {rows} rows}}"
              values={{ count: imp.totalRows, rows: imp.totalRows.toLocaleString() }}
            />
          </Button>
        </div>
      </Panel>
    </>
  );
}
