import {
  type DuplicatePolicy,
  type Import,
  type ImportPreview,
  importFields,
  importLimits,
  type Problem,
} from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { Select } from '../../components/Select';
import { problemMessage, toProblem } from '../../lib/problem';
import { usePreviewImportMutation, useStartImportMutation } from './endpoints';
import { PreviewTable } from './PreviewTable';

const policies: { value: DuplicatePolicy; label: string; hint: string }[] = [
  { value: 'skip', label: 'Skip', hint: 'keep the existing customer as it is' },
  { value: 'update', label: 'Update', hint: "overwrite it with the file's values" },
  { value: 'create', label: 'Create', hint: 'add the row as another customer' },
];

/** The encoding note: what the file was read as, and whether that was a guess. */
function encodingNote(imp: Import): string {
  if (imp.format === 'xlsx') return 'Excel workbook: the first sheet is imported.';
  const name = imp.encoding === 'windows-1252' ? 'Windows-1252 (Western European)' : imp.encoding.toUpperCase();
  return imp.encodingGuessed
    ? `Read as ${name}: the file is not UTF-8, so its encoding was detected. If letters like ä or é look wrong below, save the file as “CSV UTF-8” and upload it again.`
    : `Read as ${name}.`;
}

/** Steps 2 and 3: a field per column, the duplicate policy, and the first rows as they will be saved. */
export function ImportMapping({ workspaceId, imp }: { workspaceId: string; imp: Import }) {
  const [mapping, setMapping] = useState(imp.mapping);
  const [policy, setPolicy] = useState<DuplicatePolicy>(imp.duplicatePolicy);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [runPreview] = usePreviewImportMutation();
  const [start, starting] = useStartImportMutation();
  const fields = importFields[imp.kind] as Record<string, string>;
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
      <Panel title="2. Match the columns" description={`${imp.fileName} · ${imp.totalRows.toLocaleString()} rows`}>
        <p className="import-note" data-testid="encoding-note">
          {encodingNote(imp)}
        </p>
        <div className="import-columns">
          {imp.headers.map((header, i) => (
            <Select
              // Columns are fixed by the file; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the header's order never changes
              key={i}
              label={header || `Column ${i + 1}`}
              value={mapping[i] ?? ''}
              onChange={(e) => setColumn(i, e.target.value)}
            >
              <option value="">— leave out —</option>
              {Object.entries(fields).map(([field, label]) => (
                <option key={field} value={field}>
                  {label}
                </option>
              ))}
            </Select>
          ))}
        </div>
        {imp.kind === 'jobs' ? (
          <p className="import-note">
            A row whose “ID in the other tool” was imported before is skipped, so importing a file again adds nothing
            twice. Imported jobs send customers no confirmation.
          </p>
        ) : (
          <fieldset className="import-policy">
            <legend>When a row matches an existing customer (same email, phone or address)</legend>
            {policies.map((p) => (
              <label key={p.value}>
                <input
                  type="radio"
                  name="policy"
                  value={p.value}
                  checked={policy === p.value}
                  onChange={() => setPolicy(p.value)}
                />
                <strong>{p.label}</strong> — {p.hint}
              </label>
            ))}
          </fieldset>
        )}
      </Panel>
      <Panel
        title="3. Check the first rows"
        description={`The first ${importLimits.previewRows} rows as they will be saved. Rows with problems are left out; the rest are imported.`}
      >
        {problem && <Alert>{problem.errors?.[0]?.message ?? problemMessage(problem)}</Alert>}
        {preview && <PreviewTable kind={imp.kind} rows={preview.rows} />}
        <div className="import-actions">
          {refused > 0 && (
            <span className="import-note">
              {refused} of these rows will be refused — fix them in the file, or import the rest now.
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
            Import {imp.totalRows.toLocaleString()} rows
          </Button>
        </div>
      </Panel>
    </>
  );
}
