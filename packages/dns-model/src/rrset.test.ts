import { describe, expect, it } from 'vitest';
import { checkRrsets } from './checkRrsets';
import { groupRecords, type Rrset } from './rrset';

const apex = 'example.com';
const platform: Rrset[] = [
  { name: apex, type: 'SOA', ttl: 3600, contents: ['ns1.kaja.example. hostmaster.example.com. 1 10800 3600 1209600 300'] },
  { name: apex, type: 'NS', ttl: 86400, contents: ['ns1.kaja.example.', 'ns2.kaja.example.'] },
];
const set = (name: string, type: string, ...contents: string[]): Rrset => ({ name, type, ttl: 3600, contents });

/** The zone after a change: the platform's sets, the existing sets and the changed ones. */
function check(existing: Rrset[], change: Rrset[]) {
  return checkRrsets(apex, [...platform, ...existing, ...change], { changed: change });
}

describe('RRset rules', () => {
  it('accepts a normal zone', () => {
    const zone = [
      set(apex, 'A', '192.0.2.1'),
      set(apex, 'MX', '10 mail.example.com.'),
      set('mail.example.com', 'A', '192.0.2.25'),
      set('www.example.com', 'CNAME', 'example.com.'),
      set('dev.example.com', 'NS', 'ns1.dev.example.com.'),
      set('dev.example.com', 'DS', '12345 13 2 ' + 'ab'.repeat(32)),
      set('ns1.dev.example.com', 'A', '192.0.2.53'),
    ];
    expect(checkRrsets(apex, [...platform, ...zone])).toEqual([]);
    expect(check([], zone)).toEqual([]);
  });

  it('one TTL per set: records of one name and type with different TTLs are refused', () => {
    const { rrsets, problems } = groupRecords([
      { name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.1' },
      { name: 'www.example.com', type: 'A', ttl: 600, content: '192.0.2.2' },
    ]);
    expect(rrsets).toEqual([{ name: 'www.example.com', type: 'A', ttl: 300, contents: ['192.0.2.1', '192.0.2.2'] }]);
    expect(problems).toEqual([
      { name: 'www.example.com', type: 'A', field: 'ttl', message: 'All A records of www.example.com must have the same TTL (found 300 and 600)' },
    ]);
  });

  it('one set per name and type', () => {
    expect(check([set('www.example.com', 'A', '192.0.2.1')], [set('www.example.com', 'A', '192.0.2.2')])).toContainEqual(
      expect.objectContaining({ field: 'type', message: 'www.example.com already has a A set: records with the same name and type form one set' }),
    );
  });

  it('no duplicate contents in a set', () => {
    expect(check([], [set('www.example.com', 'A', '192.0.2.1', '192.0.2.1')])).toEqual([
      { name: 'www.example.com', type: 'A', field: 'content', message: 'Duplicate content 192.0.2.1' },
    ]);
  });

  it('CNAME cannot be at the root of a domain', () => {
    expect(check([], [set(apex, 'CNAME', 'other.example.net.')])).toContainEqual({
      name: apex,
      type: 'CNAME',
      field: 'content',
      message: 'CNAME cannot be at the root of a domain',
    });
  });

  it('CNAME must be alone at its name, and the error names the types already there', () => {
    const existing = [set('www.example.com', 'A', '192.0.2.1'), set('www.example.com', 'TXT', '"hello"')];
    expect(check(existing, [set('www.example.com', 'CNAME', 'example.com.')])).toEqual([
      {
        name: 'www.example.com',
        type: 'CNAME',
        field: 'type',
        message: 'A CNAME must be the only record at its name: www.example.com already has A, TXT records',
      },
    ]);
    expect(check([set('www.example.com', 'CNAME', 'example.com.')], [set('www.example.com', 'MX', '10 mail.example.com.')])).toEqual([
      { name: 'www.example.com', type: 'MX', field: 'type', message: 'www.example.com has a CNAME record, so it cannot have MX records' },
    ]);
  });

  it('a CNAME set holds one record', () => {
    expect(check([], [set('www.example.com', 'CNAME', 'a.example.net.', 'b.example.net.')])).toEqual([
      expect.objectContaining({ field: 'content', message: 'A CNAME set holds exactly one record: a name can alias only one other name' }),
    ]);
  });

  it('ALIAS only at the apex', () => {
    expect(check([], [set('www.example.com', 'ALIAS', 'lb.example.net.')])).toEqual([
      expect.objectContaining({ field: 'type', message: 'ALIAS records can only be at the root of a domain: use a CNAME below it' }),
    ]);
    expect(check([], [set(apex, 'ALIAS', 'lb.example.net.')])).toEqual([]);
  });

  it('ALIAS not beside A or AAAA', () => {
    expect(check([set(apex, 'AAAA', '2001:db8::1')], [set(apex, 'ALIAS', 'lb.example.net.')])).toEqual([
      expect.objectContaining({
        type: 'ALIAS',
        message: 'ALIAS cannot be beside AAAA records at example.com: the server answers them from the ALIAS target',
      }),
    ]);
    expect(check([set(apex, 'ALIAS', 'lb.example.net.')], [set(apex, 'A', '192.0.2.1')])).toEqual([
      { name: apex, type: 'A', field: 'type', message: 'example.com has an ALIAS record, so it cannot have A records' },
    ]);
  });

  it('only DS beside the NS of a delegation', () => {
    expect(check([set('dev.example.com', 'NS', 'ns.example.net.')], [set('dev.example.com', 'TXT', '"x"')])).toEqual([
      {
        name: 'dev.example.com',
        type: 'TXT',
        field: 'type',
        message: 'dev.example.com is delegated (it has NS records): only DS records can be beside them, not TXT',
      },
    ]);
    expect(check([set('dev.example.com', 'A', '192.0.2.1')], [set('dev.example.com', 'NS', 'ns.example.net.')])).toEqual([
      {
        name: 'dev.example.com',
        type: 'NS',
        field: 'type',
        message: 'dev.example.com cannot be delegated while it has A records: only DS records can be beside NS',
      },
    ]);
  });

  it('only glue below a delegation', () => {
    const delegation = set('dev.example.com', 'NS', 'ns1.dev.example.com.');
    expect(check([delegation], [set('ns1.dev.example.com', 'A', '192.0.2.53')])).toEqual([]);
    expect(check([delegation], [set('www.dev.example.com', 'CNAME', 'example.com.')])).toEqual([
      {
        name: 'www.dev.example.com',
        type: 'CNAME',
        field: 'name',
        message: 'www.dev.example.com is below the delegation dev.example.com: only A and AAAA glue records can be there, not CNAME',
      },
    ]);
    expect(check([set('a.b.dev.example.com', 'TXT', '"x"')], [set('dev.example.com', 'NS', 'ns.example.net.')])).toEqual([
      { name: 'dev.example.com', type: 'NS', field: 'name', message: 'Delegating dev.example.com would hide TXT records at a.b.dev.example.com below it' },
    ]);
  });

  it('a name server inside its delegation needs glue', () => {
    const delegation = set('dev.example.com', 'NS', 'ns1.dev.example.com.', 'ns.example.net.');
    const message = 'ns1.dev.example.com is inside the delegation dev.example.com, so it needs A or AAAA glue records';
    expect(check([], [delegation])).toEqual([{ name: 'dev.example.com', type: 'NS', field: 'content', message }]);
    const glue = set('ns1.dev.example.com', 'AAAA', '2001:db8::53');
    expect(check([glue], [delegation])).toEqual([]);
    expect(checkRrsets(apex, [...platform, delegation], { changed: [{ name: 'ns1.dev.example.com', type: 'AAAA' }] })).toEqual([
      { name: 'ns1.dev.example.com', type: 'AAAA', field: 'type', message },
    ]);
  });

  it('DS only at a delegation point', () => {
    const ds = '12345 13 2 ' + 'ab'.repeat(32);
    const message = 'DS records can only be at a delegation point: a name below the root of the domain with NS records';
    expect(check([], [set('dev.example.com', 'DS', ds)])).toEqual([expect.objectContaining({ message })]);
    expect(check([], [set(apex, 'DS', ds)])).toEqual([expect.objectContaining({ message })]);
  });

  it('a delegation with DS keeps its NS: removing them alone is refused', () => {
    const ds = set('dev.example.com', 'DS', '12345 13 2 ' + 'ab'.repeat(32));
    const removed = { name: 'dev.example.com', type: 'NS' };
    expect(checkRrsets(apex, [...platform, ds], { changed: [removed] })).toEqual([
      { name: 'dev.example.com', type: 'NS', field: 'type', message: 'dev.example.com has DS records, which need the NS records of a delegation' },
    ]);
  });

  it('NS not at a wildcard', () => {
    expect(check([], [set('*.example.com', 'NS', 'ns.example.net.')])).toEqual([
      expect.objectContaining({ message: 'NS records cannot be at a wildcard name' }),
    ]);
  });

  it('apex NS and SOA are managed by the platform', () => {
    expect(check([], [set(apex, 'NS', 'ns.example.net.')])).toContainEqual({
      name: apex,
      type: 'NS',
      field: 'type',
      message: 'NS records at the root of a domain are managed by the platform',
    });
    expect(checkRrsets(apex, platform, { changed: [{ name: apex, type: 'SOA' }] })).toEqual([
      { name: apex, type: 'SOA', field: 'type', message: 'SOA records are managed by the platform' },
    ]);
  });

  it('the DNSSEC sets are managed by the platform, wherever they are', () => {
    const dnskey = set(apex, 'DNSKEY', '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==');
    expect(check([], [dnskey])).toContainEqual({
      name: apex,
      type: 'DNSKEY',
      field: 'type',
      message: 'DNSKEY records are managed by the platform when DNSSEC is on',
    });
    expect(check([], [set('www.example.com', 'NSEC3PARAM', '1 0 0 -')])).toContainEqual(
      expect.objectContaining({ type: 'NSEC3PARAM', message: 'NSEC3PARAM records are managed by the platform when DNSSEC is on' }),
    );
    // The platform's own write of the same set is not checked as customer input.
    expect(checkRrsets(apex, [...platform, dnskey], { changed: [] })).toEqual([]);
  });

  it('TTL from 60 to 604800 seconds', () => {
    const message = 'TTL must be between 60 and 604800 seconds';
    expect(check([], [{ ...set('www.example.com', 'A', '192.0.2.1'), ttl: 59 }])).toEqual([expect.objectContaining({ field: 'ttl', message })]);
    expect(check([], [{ ...set('www.example.com', 'A', '192.0.2.1'), ttl: 604801 }])).toEqual([expect.objectContaining({ field: 'ttl', message })]);
    expect(check([], [{ ...set('www.example.com', 'A', '192.0.2.1'), ttl: 60 }])).toEqual([]);
  });

  it('at most 100 records in a set', () => {
    const many = Array.from({ length: 101 }, (_, i) => `"token-${i}"`);
    expect(check([], [set('_acme.example.com', 'TXT', ...many)])).toEqual([
      expect.objectContaining({ field: 'content', message: 'A set holds at most 100 records, not 101' }),
    ]);
  });

  it('at most 64 KiB of data in a set', () => {
    const big = Array.from({ length: 100 }, (_, i) => `"${String(i).padStart(3, '0')}${'x'.repeat(252)}" "${'y'.repeat(255)}" "${'z'.repeat(180)}"`);
    expect(check([], [set('big.example.com', 'TXT', ...big)])).toEqual([
      expect.objectContaining({ field: 'content', message: 'The records of a set can hold at most 64 KiB of data together' }),
    ]);
  });

  it('MX, NS and SRV targets in the zone must not be CNAMEs', () => {
    expect(check([set('mail.example.com', 'CNAME', 'mx.example.net.')], [set(apex, 'MX', '10 mail.example.com.')])).toEqual([
      {
        name: apex,
        type: 'MX',
        field: 'content',
        message: 'MX target mail.example.com is a CNAME: point it at a name with A or AAAA records',
      },
    ]);
  });

  it('names must be inside the zone, and the type is required', () => {
    expect(check([], [set('www.example.net', 'A', '192.0.2.1')])).toEqual([
      expect.objectContaining({ field: 'name', message: 'www.example.net is not inside the zone example.com' }),
    ]);
    expect(check([], [set('www.example.com', '', '192.0.2.1')])).toEqual([expect.objectContaining({ field: 'type', message: 'Record type is required' })]);
  });

  it('reports only problems of the changed sets', () => {
    const legacy = [set('old.example.com', 'A', '192.0.2.1', '192.0.2.1')];
    expect(check(legacy, [set('www.example.com', 'A', '192.0.2.2')])).toEqual([]);
    expect(checkRrsets(apex, [...platform, ...legacy])).toHaveLength(1);
  });
});

describe('owner names', () => {
  it('are letters, digits, hyphens and underscores, or *', () => {
    expect(check([], [set('a\\.b.example.com', 'TXT', '"x"')])).toEqual([
      expect.objectContaining({
        field: 'name',
        message: 'a\\.b.example.com may only contain letters, digits, hyphens and underscores in its labels (a label may also be *)',
      }),
    ]);
    expect(check([], [set('*._tcp.example.com', 'TXT', '"x"')])).toEqual([]);
  });
});
