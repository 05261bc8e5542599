import type { MyDayVisit } from '@fieldplan/shared';
import { FactRow } from '../../components/Fact';
import { Message } from '../../lib/i18n';

/**
 * What to do and how to get in: the job's description and the customer's notes (gate codes, where
 * the key is). Plain text as typed — line breaks kept, never read as markup.
 */
export function SiteNotes({ visit }: { visit: Pick<MyDayVisit, 'description' | 'customerNotes'> }) {
  const description = visit.description.trim();
  const notes = visit.customerNotes.trim();
  if (!description && !notes) return null;
  return (
    <dl className="myday-notes">
      {description && <FactRow term={<Message id="myDay.notes.job" />}>{description}</FactRow>}
      {notes && (
        <FactRow term={<Message id="myDay.notes.access" />} className="myday-access">
          {notes}
        </FactRow>
      )}
    </dl>
  );
}
