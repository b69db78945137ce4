import { describe, expect, it } from 'vitest';
import { CliError } from './exitCodes';
import { describePlan, planChanges } from './plan';
import { readYaml, readZoneText, writeYaml, writeZoneText } from './zoneDocument';

const current = [
  { name: 'example.com', type: 'MX', ttl: 3600, contents: ['10 mail.example.com.'] },
  { name: 'www.example.com', type: 'AAAA', ttl: 300, contents: ['2001:db8::10'] },
  { name: 'old.example.com', type: 'TXT', ttl: 3600, contents: ['"bye"'] },
];

describe('zones as code', () => {
  it('reads a YAML file through the record model, so that spelling is no difference', () => {
    const file = readYaml(
      [
        'zone: Example.COM.',
        'records:',
        '  - name: "@"',
        '    type: mx',
        '    values: ["10 MAIL.example.com."]',
        '  - name: www',
        '    type: AAAA',
        '    ttl: 300',
        '    values: ["2001:DB8:0::10"]',
      ].join('\n'),
    );
    expect(file.zone).toBe('example.com');
    const plan = planChanges('example.com', 7, current, file.sets);
    expect(plan.changes).toEqual([{ action: 'delete', name: 'old.example.com', type: 'TXT', before: { ttl: 3600, values: ['"bye"'] }, after: null }]);
  });

  it('plans creations, changes of values or TTL, and removals, and prints them for review', () => {
    const wanted = [
      { name: 'example.com', type: 'MX', ttl: 600, contents: ['10 mail.example.com.'] },
      { name: 'www.example.com', type: 'AAAA', ttl: 300, contents: ['2001:db8::10', '2001:db8::11'] },
      { name: 'new.example.com', type: 'A', ttl: 60, contents: ['192.0.2.1'] },
    ];
    const plan = planChanges('example.com', 2026112901, current, wanted);
    expect(plan.changes.map((change) => `${change.action} ${change.name} ${change.type}`)).toEqual([
      'replace example.com MX',
      'replace www.example.com AAAA',
      'create new.example.com A',
      'delete old.example.com TXT',
    ]);
    expect(describePlan(plan)).toBe(
      [
        'Plan for example.com at serial 2026112901: 1 to add, 2 to change, 1 to remove',
        '~ example.com MX ttl 3600 -> 600',
        '~ www.example.com AAAA ttl 300',
        '    + 2001:db8::11',
        '+ new.example.com A ttl 60',
        '    + 192.0.2.1',
        '- old.example.com TXT ttl 3600',
        '    - "bye"',
      ].join('\n'),
    );
    expect(describePlan(planChanges('example.com', 3, current, current))).toBe('No changes: example.com at serial 3 matches the file');
  });

  it('refuses a bad file with every problem and where it is', () => {
    const bad = () =>
      readYaml(
        [
          'zone: example.com',
          'records:',
          '  - { name: www, type: A, values: [300.1.1.1] }',
          '  - { name: www, type: A, values: [192.0.2.1] }',
          '  - { name: x, type: SOA, values: [x] }',
          '  - { name: www, type: A, values: [192.0.2.2] }',
        ].join('\n'),
      );
    expect(bad).toThrow(CliError);
    const message = (() => {
      try {
        bad();
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message.split('\n')).toEqual([
      'The file has 3 problems:',
      expect.stringMatching(/^ {2}records\[0\]: content: ./),
      '  records[2]: type: SOA records are managed by the platform',
      '  records[3]: www.example.com A is listed twice; give all its values in one entry',
    ]);
    expect(() => readYaml('records: []')).toThrow('The file needs `zone: <name>`');
    expect(() => readYaml('zone: example.com\nrecords:\n  - { name: www, type: A, value: [192.0.2.1] }')).toThrow('records[0]: unknown field value');
  });

  it('round-trips YAML and zone files, leaving the platform’s SOA, apex NS and DNSSEC records out of a zone file', () => {
    const document = { zone: 'example.com', sets: current.map((set) => ({ ...set })) };
    expect(readYaml(writeYaml(document, 5)).sets).toEqual(expect.arrayContaining(document.sets));
    expect(readZoneText(writeZoneText(document), 'example.com').sets).toEqual(expect.arrayContaining(document.sets));
    const withPlatformSets = `$ORIGIN example.com.\n@ 3600 IN SOA ns1.kaja.dns. hostmaster.example.com. 1 7200 3600 1209600 300\n@ 3600 IN NS ns1.kaja.dns.\nsub 3600 IN NS ns1.other.example.\n${writeZoneText(document)}`;
    const sets = readZoneText(withPlatformSets, 'example.com').sets;
    expect(sets.map((set) => `${set.name} ${set.type}`).sort()).toEqual([
      'example.com MX',
      'old.example.com TXT',
      'sub.example.com NS',
      'www.example.com AAAA',
    ]);
    expect(() => readZoneText('www IN A not-an-address\n', 'example.com')).toThrow(/The zone file has 1 bad line:\n {2}line 1: /);
  });
});
