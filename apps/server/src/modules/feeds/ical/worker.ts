import { parentPort } from 'node:worker_threads';
import { FeedParseError } from './parse.js';
import { expandTask, parseTask, type Task } from './tasks.js';
import { ownThreadId } from './thread-cpu.js';

// The iCal worker thread: runs one task at a time and answers with its result, or with its error's
// message and whether it is a FeedParseError (whose message is the reason a user sees).
parentPort?.on('message', (message: { id: number; task: Task }) => {
  try {
    const result = message.task.kind === 'parse' ? parseTask(message.task) : expandTask(message.task);
    parentPort?.postMessage({ id: message.id, ok: true, result });
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    parentPort?.postMessage({ id: message.id, ok: false, parseError: err instanceof FeedParseError, message: text });
  }
});
// Loaded: the pool starts a task's deadline from here, not from the thread's start-up, and reads
// this thread's CPU time by its id.
parentPort?.postMessage({ ready: true, threadId: ownThreadId() });
