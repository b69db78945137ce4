/**
 * Ends one worker thread of a running DNS node the way a bug in it would: an exception thrown on
 * its event loop, uncaught. A thread cannot be signalled from outside its process, and the node
 * offers no command to end one, so the exception is put there through the V8 inspector of the
 * node (started with `--inspect=127.0.0.1:PORT`), which reaches every thread.
 */
export async function crashWorker(inspectorPort: number, which: 'lead' | 'other'): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  try {
    const workers: string[] = [];
    const replies = new Map<string, (value: unknown) => void>();
    socket.addEventListener('message', (event: MessageEvent) => {
      const message = JSON.parse(event.data as string) as { method?: string; params?: { sessionId: string; message: string } };
      if (message.method === 'NodeWorker.attachedToWorker') workers.push(message.params!.sessionId);
      if (message.method === 'NodeWorker.receivedMessageFromWorker') {
        const reply = JSON.parse(message.params!.message) as { id?: number; result?: { result?: { value?: unknown } } };
        replies.get(message.params!.sessionId)?.(reply.result?.result?.value);
      }
    });
    socket.send(JSON.stringify({ id: 1, method: 'NodeWorker.enable', params: { waitForDebuggerOnStart: false } }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const evaluate = (sessionId: string, expression: string) =>
      new Promise<unknown>((resolve) => {
        replies.set(sessionId, resolve);
        const message = JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
        socket.send(JSON.stringify({ id: 2, method: 'NodeWorker.sendMessageToWorker', params: { sessionId, message } }));
      });
    for (const sessionId of workers) {
      // The spare the supervisor keeps (`WorkerSupervisor`) serves nothing yet: it is not a worker to crash.
      const role = await evaluate(
        sessionId,
        `(({ lead, spare }) => (spare ? 'spare' : lead ? 'lead' : 'other'))(process.getBuiltinModule('node:worker_threads').workerData)`,
      );
      if (role !== which) continue;
      await evaluate(sessionId, `setImmediate(() => { throw new Error('fault injected into this worker'); }); true`);
      return;
    }
    throw new Error(`no ${which} worker among ${workers.length} threads`);
  } finally {
    socket.close();
  }
}
