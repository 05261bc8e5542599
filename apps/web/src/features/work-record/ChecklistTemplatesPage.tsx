import { type ChecklistTemplate, can } from '@fieldplan/shared';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmRemoval } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
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
  const checklistsTitle = intl.formatMessage({ id: 'workRecord.templates.title', defaultMessage: 'Checklists' });
  useDocumentTitle(checklistsTitle);
  const allowed = can(role, 'checklists.manage');
  const { data: templates, error, isLoading } = useListChecklistTemplatesQuery(workspaceId, { skip: !allowed });
  const [editing, setEditing] = useState<ChecklistTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const [remove, removal] = useDeleteChecklistTemplateMutation();

  if (!allowed) {
    return (
      <EmptyState
        icon="settings"
        title={intl.formatMessage({
          id: 'workRecord.templates.notAllowed',
          defaultMessage: 'Only owners and dispatchers manage checklists',
        })}
      >
        <Message id="workRecord.templates.notAllowedText" defaultMessage="Ask your dispatcher to change a checklist." />
      </EmptyState>
    );
  }
  return (
    <>
      <PageHeader
        title={checklistsTitle}
        description={intl.formatMessage({
          id: 'workRecord.templates.description',
          defaultMessage:
            'What a technician ticks, measures and writes down on a visit. A checklist attaches itself to every job whose title contains its pattern; a record keeps the items as they were answered.',
        })}
        actions={
          editing === null && (
            <Button variant="primary" icon="plus" onClick={() => setEditing('new')}>
              <Message id="workRecord.templates.new" defaultMessage="New checklist" />
            </Button>
          )
        }
      />
      {editing !== null ? (
        <Panel
          title={
            editing === 'new'
              ? intl.formatMessage({ id: 'workRecord.templates.new', defaultMessage: 'New checklist' })
              : intl.formatMessage(
                  { id: 'workRecord.templates.editTitle', defaultMessage: 'Edit “{name}”' },
                  { name: editing.name },
                )
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
        <EmptyState
          icon="alert"
          title={intl.formatMessage({
            id: 'workRecord.templates.loadFailed',
            defaultMessage: 'Couldn’t load the checklists',
          })}
        >
          {problemMessage(toProblem(error))}
        </EmptyState>
      ) : templates.length === 0 ? (
        <EmptyState
          icon="inbox"
          title={intl.formatMessage({ id: 'workRecord.templates.none', defaultMessage: 'No checklists yet' })}
        >
          <Message
            id="workRecord.templates.noneText"
            defaultMessage={
              'Make one with New checklist: e.g. "Boiler service" for every job whose title contains "boiler".'
            }
          />
        </EmptyState>
      ) : (
        <Panel title={checklistsTitle} flush>
          <ul className="tpl-list">
            {templates.map((template) => (
              <li key={template.id} className="tpl-row">
                <div>
                  <strong>{template.name}</strong>
                  <p className="vr-meta">
                    <Message
                      id="workRecord.templates.summary"
                      defaultMessage="{items, plural, one {# item} other {# items}} · {required} required · {signature, select, none {no signature} optional {signature optional} other {signature required}}{byHand, select, yes { · attached by hand} other { · jobs titled “…{pattern}…”}}"
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
                    <Message
                      id="workRecord.templates.edit"
                      defaultMessage="Edit <hidden>{name}</hidden>"
                      values={{ name: template.name, hidden }}
                    />
                  </Button>
                  <Button size="sm" variant="ghost" icon="trash" onClick={() => setDeleting(template)}>
                    <Message
                      id="workRecord.templates.delete"
                      defaultMessage="Delete <hidden>{name}</hidden>"
                      values={{ name: template.name, hidden }}
                    />
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
        noun={intl.formatMessage({ id: 'workRecord.templates.noun', defaultMessage: 'checklist' })}
        description={
          <Message
            id="workRecord.templates.deleteText"
            defaultMessage="Jobs stop getting it. Visits already answered keep their answers."
          />
        }
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
