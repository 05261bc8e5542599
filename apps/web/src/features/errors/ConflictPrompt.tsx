import { answerConflict } from '../../base/conflict-prompt';
import { selectConflict } from '../../base/failures-slice';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { ConflictDialog } from '../../components/ConflictDialog';

/** The conflict dialog for writes that leave 412 to the shared layer (customers, areas). */
export function ConflictPrompt() {
  const question = useAppSelector(selectConflict);
  const dispatch = useAppDispatch();
  if (!question) return null;
  return (
    <ConflictDialog
      open
      noun={question.noun}
      theirVersion={question.theirVersion}
      rows={question.rows}
      onReload={() => answerConflict(dispatch, question.id, 'reload')}
      onKeepMine={() => answerConflict(dispatch, question.id, 'keep')}
    />
  );
}
