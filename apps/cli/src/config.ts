import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultBaseUrl } from '@kaja/sdk';
import { CliError, exitCodes } from './exitCodes';

/** What `kaja login` keeps: the key and the API it belongs to. */
export interface StoredLogin {
  api_key: string;
  api_url: string;
}

/** `$XDG_CONFIG_HOME/kaja`, else `~/.config/kaja` (the XDG base directory default). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'kaja');
}

export const credentialsFile = (env: NodeJS.ProcessEnv = process.env) => join(configDir(env), 'credentials.json');

export function readLogin(env: NodeJS.ProcessEnv = process.env): StoredLogin | undefined {
  const file = credentialsFile(env);
  if (!existsSync(file)) return undefined;
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredLogin>;
    if (typeof stored.api_key !== 'string') throw new Error('no api_key');
    return { api_key: stored.api_key, api_url: typeof stored.api_url === 'string' ? stored.api_url : defaultBaseUrl };
  } catch {
    throw new CliError(`${file} is not a kaja login: run \`kaja login\` again`, exitCodes.auth);
  }
}

/** Writes the login readable by its owner alone: the directory 0700, the file 0600 (also when it was there before). */
export function writeLogin(login: StoredLogin, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = credentialsFile(env);
  writeFileSync(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

function storedOrNothing(env: NodeJS.ProcessEnv): StoredLogin | undefined {
  try {
    return readLogin(env);
  } catch {
    return undefined;
  }
}

/**
 * The key and API address a command uses: `KAJA_API_KEY` and `KAJA_API_URL` in the environment win
 * over the stored login (a CI job needs no login), `--api-url` over both addresses.
 */
export function resolveLogin(options: { apiUrl?: string | undefined }, env: NodeJS.ProcessEnv = process.env): StoredLogin {
  // With the key from the environment the stored login still names the API, unless it is unreadable.
  const stored = env.KAJA_API_KEY ? storedOrNothing(env) : readLogin(env);
  const apiKey = env.KAJA_API_KEY || stored?.api_key;
  if (!apiKey) throw new CliError('Not logged in: run `kaja login`, or set KAJA_API_KEY', exitCodes.auth);
  return { api_key: apiKey, api_url: options.apiUrl || env.KAJA_API_URL || stored?.api_url || defaultBaseUrl };
}
