import { useState } from 'react';
import { toProblem } from '../lib/problem';
import { useToast } from './use-toast';

/**
 * The stale answers to a write with If-Match: a 412 keeps the server's record as `conflict`, so the
 * screen can say so and offer a reload; a 404 says `goneMessage` and calls `refetch` for the list.
 * `onStale` is true when it took care of the error.
 */
export function useStaleRecord<T>(goneMessage: string, refetch: () => void) {
  const toast = useToast();
  const [conflict, setConflict] = useState<T | null>(null);
  const onStale = (error: unknown): boolean => {
    const problem = toProblem(error);
    if (problem.code === 'version_conflict' && problem.current) {
      setConflict(problem.current as T);
      return true;
    }
    if (problem.code === 'not_found') {
      toast({ tone: 'info', message: goneMessage });
      refetch();
      return true;
    }
    return false;
  };
  return { conflict, setConflict, onStale };
}
