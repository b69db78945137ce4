import { spawn } from 'node:child_process';

export interface NsupdateResult {
  /** nsupdate's exit code: 0 when every `send` got NOERROR. */
  code: number | null;
  /** What it printed; a failed update reads e.g. `update failed: YXDOMAIN`. */
  output: string;
}

/**
 * Runs BIND's nsupdate with `-y algorithm:name:secret` against the server at 127.0.0.1 and feeds
 * it `commands` (one per line, `send` included). `tcp` adds `-v` (virtual circuit).
 */
export function nsupdate(
  port: number,
  key: { algorithm: string; name: string; secret: string },
  commands: string[],
  options: { tcp?: boolean } = {},
): Promise<NsupdateResult> {
  const args = ['-y', `${key.algorithm}:${key.name}:${key.secret}`, '-t', '30', '-u', '3', '-r', '2', ...(options.tcp ? ['-v'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn('nsupdate', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
    child.stdin.end([`server 127.0.0.1 ${port}`, ...commands, 'quit', ''].join('\n'));
  });
}
