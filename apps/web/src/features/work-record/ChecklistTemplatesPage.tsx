import { type ChecklistTemplate, can } from '@fieldplan/shared';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmRemoval } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { NotAllowed } from '../../components/NotAllowed';
import { PageHeader, Panel } from '../../components/Panel';
import { Skeleton } from '../../components/Skeleton';
import { useDeleteChecklistTemplateMutation, useListChecklistTemplatesQuery } from '../../entities/record/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TemplateEditor } from './TemplateEditor';
import './VisitRecord.css';

/** Words only a screen reader hears (the checklist a row's button acts on). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** `/w/:slug/settings/checklists`: the checklists technicians fill in on a visit (owner, dispatcher). */
export function ChecklistTemplatesPage() {
  const intl = useIntl();
  const { workspaceId, role } = useWorkspace();
  const checklistsTitle = intl.formatMessage({ id: 'workRecord.templates.title' });
  useDocumentTitle(checklistsTitle);
  const allowed = can(role, 'checklists.manage');
  const { data: templates, error, isLoading } = useListChecklistTemplatesQuery(workspaceId, { skip: !allowed });
  const [editing, setEditing] = useState<ChecklistTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const [remove, removal] = useDeleteChecklistTemplateMutation();

  if (!allowed) {
    return (
      <NotAllowed
        title={{ id: 'workRecord.templates.notAllowed' }}
        hint={{ id: 'workRecord.templates.notAllowedText' }}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={checklistsTitle}
        description={intl.formatMessage({ id: 'workRecord.templates.description' })}
        actions={
          editing === null && (
            <Button variant="primary" icon="plus" onClick={() => setEditing('new')}>
              <Message id="workRecord.templates.new" />
            </Button>
          )
        }
      />
      {editing !== null ? (
        <Panel
          title={
            editing === 'new'
              ? intl.formatMessage({ id: 'workRecord.templates.new' })
              : intl.formatMessage({ id: 'workRecord.templates.editTitle' }, { name: editing.name })
          }
        >
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
        <EmptyState icon="alert" title={intl.formatMessage({ id: 'workRecord.templates.loadFailed' })}>
          {problemMessage(toProblem(error))}
        </EmptyState>
      ) : templates.length === 0 ? (
        <EmptyState icon="inbox" title={intl.formatMessage({ id: 'workRecord.templates.none' })}>
          <Message id="workRecord.templates.noneText" />
        </EmptyState>
      ) : (
        <Panel title={checklistsTitle} flush>
          <ul className="plain-list tpl-list">
            {templates.map((template) => (
              <li key={template.id} className="tpl-row">
                <div>
                  <strong>{template.name}</strong>
                  <p className="vr-meta">
                    <Message
                      id="workRecord.templates.summary"
                      values={{
                        items: template.items.length,
                        required: template.items.filter((i) => i.required).length,
                        signature: template.signature,
                        byHand: template.titlePattern ? 'no' : 'yes',
                        pattern: template.titlePattern ?? '',
                      }}
                    />
                  </p>
                </div>
                <div className="tpl-actions">
                  <Button size="sm" icon="pencil" onClick={() => setEditing(template)}>
                    <Message id="workRecord.templates.edit" values={{ name: template.name, hidden }} />
                  </Button>
                  <Button size="sm" variant="ghost" icon="trash" onClick={() => setDeleting(template)}>
                    <Message id="workRecord.templates.delete" values={{ name: template.name, hidden }} />
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
        noun={intl.formatMessage({ id: 'workRecord.templates.noun' })}
        description={<Message id="workRecord.templates.deleteText" />}
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
