import { useState } from 'react';
import { Button } from '../../components/Button';
import {
  useAttachChecklistsMutation,
  useJobChecklistsQuery,
  useListChecklistTemplatesQuery,
} from '../../entities/record/endpoints';
import { Message } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';

/** The office attaches checklists to a job by hand; those whose title pattern matches attach anyway. */
export function AttachChecklists({ workspaceId, jobId }: { workspaceId: string; jobId: string }) {
  const { data: templates } = useListChecklistTemplatesQuery(workspaceId);
  const { data: attached } = useJobChecklistsQuery({ workspaceId, jobId });
  const [attach, attaching] = useAttachChecklistsMutation();
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (!templates || !attached || templates.length === 0) return null;
  const byHand = chosen ?? attached.templateIds;
  const matched = new Set(attached.matchedTemplateIds);
  const toggle = (id: string, on: boolean) =>
    setChosen(on ? [...byHand.filter((t) => t !== id), id] : byHand.filter((t) => t !== id));
  return (
    <details className="vr-attach">
      <summary>
        <Message id="workRecord.attach.title" />
      </summary>
      <fieldset>
        <legend className="visually-hidden">
          <Message id="workRecord.attach.title" />
        </legend>
        {templates.map((t) => (
          <label key={t.id}>
            <input
              type="checkbox"
              checked={matched.has(t.id) || byHand.includes(t.id)}
              disabled={matched.has(t.id)}
              onChange={(e) => toggle(t.id, e.target.checked)}
            />
            {t.name}
            {matched.has(t.id) && (
              <span className="vr-meta">
                {' '}
                <Message id="workRecord.attach.matched" />
              </span>
            )}
          </label>
        ))}
      </fieldset>
      {attaching.error && (
        <p className="vr-meta" role="alert">
          {problemMessage(toProblem(attaching.error))}
        </p>
      )}
      <Button
        size="sm"
        disabled={chosen === null}
        loading={attaching.isLoading}
        onClick={() =>
          void attach({ workspaceId, jobId, templateIds: byHand })
            .unwrap()
            .then(() => setChosen(null))
            .catch(() => undefined)
        }
      >
        <Message id="workRecord.attach.save" />
      </Button>
    </details>
  );
}
