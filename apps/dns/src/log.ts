import type { Logger } from '@kaja/zone-writes';

/**
 * One JSON object per line on stdout (info) or stderr (warnings, errors), in pino's shape, so a
 * DNS node's log reads like the API's without loading the API's logger.
 */
export function jsonLineLogger(): Logger {
  const write = (level: number, stream: NodeJS.WriteStream) => (object: object, message: string) => {
    const error = (object as { err?: unknown }).err;
    const entry = {
      level,
      time: Date.now(),
      ...object,
      ...(error instanceof Error ? { err: { message: error.message, stack: error.stack } } : {}),
      msg: message,
    };
    stream.write(`${JSON.stringify(entry)}\n`);
  };
  return { info: write(30, process.stdout), warn: write(40, process.stderr), error: write(50, process.stderr) };
}
