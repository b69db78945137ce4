import { createInterface } from 'node:readline/promises';
import { Kaja, defaultBaseUrl, KajaError } from '@kaja/sdk';
import type { Command } from 'commander';
import { writeLogin } from '../config';
import { CliError, exitCodes } from '../exitCodes';
import type { Output } from '../output';

/** The key from standard input: typed at a prompt, or piped (`echo $KEY | kaja login`). */
async function readKey(): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: false });
  try {
    if (process.stdin.isTTY) process.stderr.write('API key: ');
    for await (const line of lines) return line.trim();
    return '';
  } finally {
    lines.close();
  }
}

export function loginCommand(program: Command, output: () => Output): void {
  program
    .command('login')
    .description('Store an API key (checked against the API first) in the config directory, readable by you alone')
    .option('--api-key <key>', 'the key (else read from standard input; prefer that: arguments show in the process list)')
    .action(async (options: { apiKey?: string }) => {
      const global = program.opts<{ apiUrl?: string }>();
      const apiKey = options.apiKey ?? (await readKey());
      if (!apiKey) throw new CliError('No API key given', exitCodes.usage);
      const apiUrl = global.apiUrl || process.env.KAJA_API_URL || defaultBaseUrl;
      // A key without zones:read is a good key all the same: only a 401 means it is not one.
      const kaja = new Kaja({ apiKey, baseUrl: apiUrl, maxRetries: 1 });
      await kaja.api.GET('/v1/zones', { params: { query: { limit: 1 } } }).catch((error: unknown) => {
        if (error instanceof KajaError && error.status === 403) return;
        throw error;
      });
      const file = writeLogin({ api_key: apiKey, api_url: apiUrl });
      const out = output();
      out.out(out.json ? JSON.stringify({ api_url: apiUrl, credentials_file: file }) : `Logged in to ${apiUrl}; the key is in ${file}`);
    });
}
