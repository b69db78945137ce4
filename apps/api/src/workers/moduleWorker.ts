import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running one TypeScript module of this repository. Worker threads do not inherit
 * the loader hooks of the thread that starts them, so the new thread registers tsx before it
 * imports the module.
 */
export function startModuleWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
