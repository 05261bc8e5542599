import { useCallback } from 'react';
import { problemMessage, toProblem } from '../lib/problem';
import { useToast } from './use-toast';

/**
 * Runs a write and says in a toast how it went: `success` when it went through, the problem when
 * not. Resolves true when it went through.
 */
export function useToastedWrite() {
  const toast = useToast();
  return useCallback(
    async (write: () => Promise<unknown>, success: string): Promise<boolean> => {
      try {
        await write();
        toast({ tone: 'success', message: success });
        return true;
      } catch (error) {
        toast({ tone: 'error', message: problemMessage(toProblem(error)) });
        return false;
      }
    },
    [toast],
  );
}
