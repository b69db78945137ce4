import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A response as printed by BIND's dig or Knot's kdig, read back into parts a test can compare. */
export interface DigResponse {
  rcode: string;
  flags: string[];
  /** Records as `name ttl class type rdata`, single-spaced. */
  answer: string[];
  authority: string[];
  additional: string[];
  edns?: { version: number; udp: number; flags: string[]; nsid?: string };
  /** Which transport the client ended up using (dig retries over TCP after TC unless +ignore). */
  transport: 'UDP' | 'TCP';
  raw: string;
}

export interface DigOptions {
  tcp?: boolean;
  /** Extra options, e.g. `+nsid`, `+noedns`, `+ignore`, `+bufsize=512`, `-c CH`. */
  args?: string[];
  client?: 'dig' | 'kdig';
}

/** Asks the server at 127.0.0.1 (or ::1) with dig or kdig and parses what they print. */
export async function dig(port: number, name: string, type: string, options: DigOptions = {}, host = '127.0.0.1'): Promise<DigResponse> {
  const client = options.client ?? 'dig';
  const limits = client === 'dig' ? ['+tries=1', '+time=3'] : ['+retry=0', '+timeout=3'];
  // dig sends ANY over TCP unless told otherwise.
  const transport = options.tcp ? ['+tcp'] : ['+notcp'];
  const args = [`@${host}`, '-p', String(port), name, type, ...limits, ...transport, ...(options.args ?? [])];
  const { stdout } = await run(client, args, { timeout: 10_000 });
  return parseDig(stdout);
}

export function parseDig(text: string): DigResponse {
  const header = /status: ([A-Z0-9]+)/.exec(text);
  const flags = /;; [Ff]lags: ([a-z ]*);/.exec(text);
  if (!header || !flags) throw new Error(`no response in:\n${text}`);
  const response: DigResponse = {
    rcode: header[1]!,
    flags: flags[1]!.trim().split(/\s+/).filter(Boolean),
    answer: section(text, 'ANSWER'),
    authority: section(text, 'AUTHORITY'),
    additional: section(text, 'ADDITIONAL'),
    transport: /\((TCP|UDP)\)/.exec(text)?.[1] === 'TCP' ? 'TCP' : 'UDP',
    raw: text,
  };
  const edns = /EDNS: version: (\d+), flags:([a-z ]*); udp: (\d+)/.exec(text) ?? /Version: (\d+); flags:([a-z ]*); UDP size: (\d+) B/.exec(text);
  if (edns) {
    response.edns = { version: Number(edns[1]), flags: edns[2]!.trim().split(/\s+/).filter(Boolean), udp: Number(edns[3]) };
    const nsid = /NSID: [0-9a-f ]+\("([^"]*)"\)/i.exec(text) ?? /NSID: [0-9a-f]+ "([^"]*)"/i.exec(text);
    if (nsid) response.edns.nsid = nsid[1];
  }
  return response;
}

function section(text: string, name: string): string[] {
  const start = text.indexOf(`;; ${name} SECTION:`);
  if (start < 0) return [];
  const lines: string[] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (line.trim() === '' || line.startsWith(';;')) break;
    lines.push(line.trim().split(/\s+/).join(' '));
  }
  return lines;
}
