/**
 * Ends one worker thread of a running DNS node the way a bug in it would: an exception thrown on
 * its event loop, uncaught. A thread cannot be signalled from outside its process, and the node
 * offers no command to end one, so the exception is put there through the V8 inspector of the
 * node (started with `--inspect=127.0.0.1:PORT`), which reaches every thread.
 *
 * Resolves with the thread id of the worker once its thread has ended (the inspector saw it
 * detach), so a caller waits for what the node says of that worker and no other.
 */
export async function crashWorker(inspectorPort: number, which: 'lead' | 'other'): Promise<number> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  try {
    const workers: string[] = [];
    const detached = new Map<string, () => void>();
    const replies = new Map<number, (value: unknown) => void>();
    socket.addEventListener('message', (event: MessageEvent) => {
      const message = JSON.parse(event.data as string) as { method?: string; params?: { sessionId: string; message: string } };
      if (message.method === 'NodeWorker.attachedToWorker') workers.push(message.params!.sessionId);
      if (message.method === 'NodeWorker.detachedFromWorker') detached.get(message.params!.sessionId)?.();
      if (message.method === 'NodeWorker.receivedMessageFromWorker') {
        // Only replies: a thread may also send events, which carry no id.
        const reply = JSON.parse(message.params!.message) as { id?: number; result?: { result?: { value?: unknown }; exceptionDetails?: { text: string } } };
        if (reply.id === undefined) return;
        const error = reply.result?.exceptionDetails;
        replies.get(reply.id)?.(error ? `threw: ${error.text}` : reply.result?.result?.value);
        replies.delete(reply.id);
      }
    });
    socket.send(JSON.stringify({ id: 1, method: 'NodeWorker.enable', params: { waitForDebuggerOnStart: false } }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    let nextId = 1;
    const evaluate = (sessionId: string, expression: string) =>
      new Promise<unknown>((resolve) => {
        const id = nextId++;
        replies.set(id, resolve);
        const message = JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
        socket.send(JSON.stringify({ id: 2, method: 'NodeWorker.sendMessageToWorker', params: { sessionId, message } }));
      });
    const roles: string[] = [];
    for (const sessionId of workers) {
      // Only the server's workers are started with `listen` (not the threads that sign or build
      // zones); the spare the supervisor keeps (`WorkerSupervisor`) serves nothing yet.
      const role = await evaluate(
        sessionId,
        `(({ threadId, workerData: data }) => !data || !('listen' in data) ? 'not a worker of the server' : (data.spare ? 'spare' : data.lead ? 'lead' : 'other') + ' ' + threadId)(process.getBuiltinModule('node:worker_threads'))`,
      );
      roles.push(String(role));
      const [name, threadId] = String(role).split(' ');
      if (name !== which) continue;
      const ended = new Promise<void>((resolve) => detached.set(sessionId, resolve));
      await evaluate(sessionId, `setImmediate(() => { throw new Error('fault injected into this worker'); }); true`);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
      if ((await Promise.race([ended, timeout])) === 'timeout')
        throw new Error(`the ${which} worker (thread ${threadId}) did not end within 10 s of the exception`);
      return Number(threadId);
    }
    throw new Error(`no ${which} worker among ${workers.length} threads: ${roles.join(', ')}`);
  } finally {
    socket.close();
  }
}
