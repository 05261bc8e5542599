import { useCallback } from 'react';
import { problemMessage, toProblem } from '../lib/problem';
import { useToast } from './use-toast';

/**
 * Runs a write and says in a toast how it went: `success` (or what it makes of the answer) when it
 * went through, the problem when not — unless `handled` takes the error (a stale version the screen
 * shows its own way). Resolves true when it went through.
 */
export function useToastedWrite() {
  const toast = useToast();
  return useCallback(
    async <T>(
      write: () => Promise<T>,
      success: string | ((answer: T) => string),
      handled?: (error: unknown) => boolean,
    ): Promise<boolean> => {
      try {
        const answer = await write();
        toast({ tone: 'success', message: typeof success === 'string' ? success : success(answer) });
        return true;
      } catch (error) {
        if (!handled?.(error)) toast({ tone: 'error', message: problemMessage(toProblem(error)) });
        return false;
      }
    },
    [toast],
  );
}
