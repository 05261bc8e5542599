import type { EditScope } from '@fieldplan/shared';
import { useCallback, useRef, useState } from 'react';
import { type ScopeAction, ScopeDialog } from '../../entities/job/ScopeDialog';

interface Question {
  action: ScopeAction;
  title: string;
  disabled: Partial<Record<EditScope, string>>;
}

/** Asks "this / following / all" and resolves with the answer (null when cancelled). */
export function useScopeQuestion() {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((scope: EditScope | null) => void) | null>(null);
  const ask = useCallback((q: Question) => {
    setQuestion(q);
    return new Promise<EditScope | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (scope: EditScope | null) => {
    resolver.current?.(scope);
    resolver.current = null;
    setQuestion(null);
  };
  const dialog = (
    <ScopeDialog
      open={question !== null}
      action={question?.action ?? 'edit'}
      title={question?.title ?? ''}
      disabled={question?.disabled}
      onChoose={answer}
      onCancel={() => answer(null)}
    />
  );
  return { ask, dialog };
}
