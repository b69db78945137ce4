import { Kaja } from '@kaja/sdk';
import { resolveLogin } from './config';

declare const KAJA_CLI_VERSION: string | undefined;
export const version = typeof KAJA_CLI_VERSION === 'string' ? KAJA_CLI_VERSION : '0.1.0';

/** The SDK client of a command, on the key and address `resolveLogin` picks. */
export function clientOf(options: { apiUrl?: string | undefined }): Kaja {
  const login = resolveLogin(options);
  return new Kaja({ apiKey: login.api_key, baseUrl: login.api_url, userAgent: `kaja-cli/${version}` });
}
