import { describe, expect, it } from 'vitest';
import { applyDifferences, TransferError } from './transferIn';

const soa = (serial: number) => ({
  name: 'example.com',
  type: 'SOA',
  ttl: 300,
  content: `ns1.example.com. hostmaster.example.com. ${serial} 3600 600 86400 60`,
});
const a = (name: string, address: string) => ({ name: `${name}.example.com`, type: 'A', ttl: 300, content: address });
const held = [soa(1), a('www', '192.0.2.1'), a('mail', '192.0.2.25')];

describe('IXFR differences applied to the zone held (RFC 1995 4)', () => {
  it('removes after the old SOA and adds after the new one, sequence by sequence', () => {
    const merged = applyDifferences(held, [
      soa(1),
      a('www', '192.0.2.1'),
      soa(2),
      a('www', '192.0.2.2'),
      soa(2),
      a('mail', '192.0.2.25'),
      soa(3),
      a('new', '192.0.2.3'),
    ]);
    expect(merged).toEqual([a('www', '192.0.2.2'), soa(3), a('new', '192.0.2.3')]);
  });

  it('refuses a difference that starts at another serial than the one held', () => {
    expect(() => applyDifferences(held, [soa(2), a('www', '192.0.2.1'), soa(3)])).toThrow(
      new TransferError('a difference starts at serial 2, the zone held is at 1'),
    );
  });

  it('refuses a difference that removes a record not held', () => {
    expect(() => applyDifferences(held, [soa(1), a('ftp', '192.0.2.9'), soa(2)])).toThrow(
      new TransferError('a difference removes ftp.example.com A 192.0.2.9, which the zone held does not have'),
    );
  });
});
