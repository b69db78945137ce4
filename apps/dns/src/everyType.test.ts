import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from '@kaja/dns-model';
import { dig } from '@kaja/test-support/dig';
import { comparable, serveByBoth, type ServedByBoth } from './testing/knotComparison';

// The model's zone file with every type it reads in presentation form, and others in RFC 3597
// form, served by our standalone server and by Knot DNS: each name and type is asked of both with
// dig, and the answers must be the same record for record.
const zoneText = readFileSync(createRequire(import.meta.url).resolve('@kaja/dns-model/fixtures/every-type.zone'), 'utf8');
const ZONE = 'every-type.example';

const questions = (() => {
  const { records, errors } = parseZoneFile(zoneText, { origin: ZONE });
  if (errors.length > 0) throw new Error(errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
  return [...new Map(records.map((r) => [`${r.name} ${r.type}`, [r.name, r.type] as const])).values()];
})();

describe('every type, compared with Knot DNS', () => {
  let both: ServedByBoth;
  beforeAll(async () => {
    both = await serveByBoth({ [ZONE]: zoneText });
  });
  afterAll(() => both?.close());

  it('asks about every type the fixture holds (48 of them)', () => {
    expect(new Set(questions.map(([, type]) => type)).size).toBe(48);
  });

  it.each(questions)('answers %s %s as Knot does', async (name, type) => {
    const [a, b] = await Promise.all([
      dig(both.ours.port, name, type, { args: ['+norec', '+noedns'] }),
      dig(both.knot.port, name, type, { args: ['+norec', '+noedns'] }),
    ]);
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.rcode).toBe('NOERROR');
  });
});
