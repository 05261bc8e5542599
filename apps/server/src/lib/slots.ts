/**
 * At most `size` tasks at once in this process; the rest wait their turn in order. Used where many
 * slow requests of one kind (photo pieces) would otherwise take every database connection at once.
 */
export function slots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next waiter; only when none waits is it freed.
      if (next) next();
      else busy -= 1;
    }
  };
}
