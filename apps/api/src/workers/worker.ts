// The entry of a pool thread: runs the tasks it is sent, one at a time, and answers each.
import { parentPort } from 'node:worker_threads';
import { apiErrorOf } from '../errors';
import type { TaskOutcome } from './pool';
import { tasks, type TaskName } from './tasks';

const port = parentPort!;
port.on('message', ({ id, task, input }: { id: number; task: TaskName; input: never }) => {
  let outcome: TaskOutcome;
  try {
    outcome = { id, ok: true, value: tasks[task](input) };
  } catch (error) {
    const known = apiErrorOf(error);
    const api = known && { code: known.code, message: known.message, details: known.details };
    outcome = { id, ok: false, error: { message: (error as Error).message, ...(api ? { api } : {}) } };
  }
  port.postMessage(outcome);
});
port.postMessage('ready');
