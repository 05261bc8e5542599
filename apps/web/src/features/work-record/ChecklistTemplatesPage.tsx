import { type ChecklistTemplate, can } from '@fieldplan/shared';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmRemoval } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader, Panel } from '../../components/Panel';
import { Skeleton } from '../../components/Skeleton';
import { useDeleteChecklistTemplateMutation, useListChecklistTemplatesQuery } from '../../entities/record/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TemplateEditor } from './TemplateEditor';
import './VisitRecord.css';

const signatureText = { none: 'no signature', optional: 'signature optional', required: 'signature required' };

/** `/w/:slug/settings/checklists`: the checklists technicians fill in on a visit (owner, dispatcher). */
export function ChecklistTemplatesPage() {
  const { workspaceId, role } = useWorkspace();
  useDocumentTitle('Checklists');
  const allowed = can(role, 'checklists.manage');
  const { data: templates, error, isLoading } = useListChecklistTemplatesQuery(workspaceId, { skip: !allowed });
  const [editing, setEditing] = useState<ChecklistTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const [remove, removal] = useDeleteChecklistTemplateMutation();

  if (!allowed) {
    return (
      <EmptyState icon="settings" title="Only owners and dispatchers manage checklists">
        Ask your dispatcher to change a checklist.
      </EmptyState>
    );
  }
  return (
    <>
      <PageHeader
        title="Checklists"
        description="What a technician ticks, measures and writes down on a visit. A checklist attaches itself to every job whose title contains its pattern; a record keeps the items as they were answered."
        actions={
          editing === null && (
            <Button variant="primary" icon="plus" onClick={() => setEditing('new')}>
              New checklist
            </Button>
          )
        }
      />
      {editing !== null ? (
        <Panel title={editing === 'new' ? 'New checklist' : `Edit “${editing.name}”`}>
          <TemplateEditor
            key={editing === 'new' ? 'new' : editing.id}
            workspaceId={workspaceId}
            template={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Panel>
      ) : isLoading ? (
        <Skeleton height={80} />
      ) : !templates ? (
        <EmptyState icon="alert" title="Couldn’t load the checklists">
          {problemMessage(toProblem(error))}
        </EmptyState>
      ) : templates.length === 0 ? (
        <EmptyState icon="inbox" title="No checklists yet">
          Make one with New checklist: e.g. "Boiler service" for every job whose title contains "boiler".
        </EmptyState>
      ) : (
        <Panel title="Checklists" flush>
          <ul className="tpl-list">
            {templates.map((template) => (
              <li key={template.id} className="tpl-row">
                <div>
                  <strong>{template.name}</strong>
                  <p className="vr-meta">
                    {template.items.length} {template.items.length === 1 ? 'item' : 'items'} ·{' '}
                    {template.items.filter((i) => i.required).length} required · {signatureText[template.signature]}
                    {template.titlePattern ? ` · jobs titled “…${template.titlePattern}…”` : ' · attached by hand'}
                  </p>
                </div>
                <div className="tpl-actions">
                  <Button size="sm" icon="pencil" onClick={() => setEditing(template)}>
                    Edit <span className="visually-hidden">{template.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" icon="trash" onClick={() => setDeleting(template)}>
                    Delete <span className="visually-hidden">{template.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <ConfirmRemoval
        target={deleting}
        verb="Delete"
        noun="checklist"
        description="Jobs stop getting it. Visits already answered keep their answers."
        busy={removal.isLoading}
        onConfirm={(template) =>
          remove({ workspaceId, id: template.id, version: template.version })
            .unwrap()
            .catch(() => undefined)
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
