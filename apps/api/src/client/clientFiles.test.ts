import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentDocument, documentFile, sessionOnlyFile, sessionOnlyOf, typesFile, typesOf } from './clientFiles';

describe('the checked-in API description', () => {
  it('is the document the API produces now, and its types are generated from it (npm run generate-client -w apps/api)', async () => {
    const document = await currentDocument();
    expect(readFileSync(documentFile, 'utf8')).toBe(document);
    expect(readFileSync(typesFile, 'utf8')).toBe(await typesOf(document));
    expect(readFileSync(sessionOnlyFile, 'utf8')).toBe(sessionOnlyOf(document));
  });

  it('knows the calls that take only a session, as the spec lists them', () => {
    const calls = sessionOnlyOf(readFileSync(documentFile, 'utf8'));
    for (const call of ['GET /v1/auth/session', 'POST /v1/auth/signout', 'POST /v1/auth/change-password', 'GET /v1/subscriptions/current']) {
      expect(calls).toContain(`'${call}'`);
    }
    expect(calls).not.toContain("'GET /v1/zones'");
    expect(calls).not.toContain("'POST /v1/auth/signin'");
  });
});
