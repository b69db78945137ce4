import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../app';
import { loadConfig } from '@kaja/config';
import { createTestDatabase } from '@kaja/db/testing';

// The client package (`@kaja/api-client`) holds what is generated here, checked in.
const clientPackage = new URL('../../../../packages/api-client/', import.meta.url);
export const documentFile = fileURLToPath(new URL('openapi.json', clientPackage));
export const typesFile = fileURLToPath(new URL('src/schema.d.ts', clientPackage));
export const sessionOnlyFile = fileURLToPath(new URL('src/sessionOnly.ts', clientPackage));

/**
 * The OpenAPI document the API serves at /v1/openapi.json, built without listening. The default
 * configuration fixes the server address in it, so the checked-in copy does not depend on who ran this.
 */
export async function currentDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-openapi-'));
  const database = await createTestDatabase();
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript description of `document`, as openapi-fetch reads it. */
export async function typesOf(document: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(document) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `// Generated from openapi.json by \`npm run generate-client -w apps/api\`: do not edit.\n\n${astToString(ast)}`;
}

type Operation = { security?: unknown[] };

/**
 * The calls that take only a session (access token or cookie), never an API key: the API marks them
 * with their own non-empty `security` (public ones have an empty one, the rest inherit the document's).
 */
export function sessionOnlyOf(document: string): string {
  const { paths } = JSON.parse(document) as { paths: Record<string, Record<string, Operation>> };
  // Beside /v1, only the dynamic DNS call, whose own security (basic auth) is no session.
  const calls = Object.entries(paths)
    .filter(([path]) => path.startsWith('/v1/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security?.length ?? 0) > 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
  return [
    '// Generated from openapi.json by `npm run generate-client -w apps/api`: do not edit.',
    '',
    '/** The calls that take only a session (access token or cookie), never an API key: "METHOD /v1/path". */',
    `export const sessionOnlyCalls: ReadonlySet<string> = new Set(${JSON.stringify(calls.sort(), null, 2).replace(/"/g, "'")});`,
    '',
  ].join('\n');
}
