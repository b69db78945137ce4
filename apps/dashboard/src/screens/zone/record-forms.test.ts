import { parseRrsetInput } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { composeContent, decomposeContent, emptyValue, recordForms, recordTypes } from './record-forms';

const valid = (type: (typeof recordTypes)[number], content: string) =>
  parseRrsetInput({ type, name: 'www', content, ttl: 3600 }, 'example.com', { defaultTtl: 3600 });

describe('record forms', () => {
  const examples: Record<string, Record<string, string>> = {
    A: { address: '192.0.2.1' },
    AAAA: { address: '2001:db8::1' },
    CNAME: { target: 'target.example.net.' },
    MX: { priority: '10', target: 'mail.example.com.' },
    TXT: { text: `v=DKIM1; k=rsa; p=${'A'.repeat(400)}` },
    SRV: { priority: '10', weight: '5', port: '5060', target: 'sip.example.com.' },
    CAA: { flags: '0', tag: 'issue', value: 'letsencrypt.org' },
    HTTPS: { priority: '1', target: '.', params: 'alpn=h2,h3' },
    NAPTR: { order: '100', preference: '10', flags: 'S', service: 'SIP+D2U', regexp: '', target: '_sip._udp.example.com.' },
    DNAME: { target: 'example.net.' },
    URI: { priority: '10', weight: '1', target: 'https://example.com/' },
    LOC: { location: '52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m' },
    HINFO: { cpu: 'x86_64', os: 'Linux' },
    RP: { target: 'admin.example.com.', txt: '.' },
    SMIMEA: { usage: '3', selector: '1', matching: '1', data: 'ab'.repeat(32) },
    CERT: { certtype: 'PKIX', keytag: '12345', algorithm: '8', certificate: 'MIIB' },
    AFSDB: { subtype: '1', target: 'afsdb.example.com.' },
    EUI48: { address: '00-00-5e-00-53-2a' },
    IPSECKEY: { precedence: '10', gatewaytype: '1', algorithm: '2', gateway: '192.0.2.38', key: 'AQNRU3mG' },
  };

  for (const [type, value] of Object.entries(examples)) {
    it(`compose a ${type} record the model accepts, and read its canonical content back into the same fields`, () => {
      const recordType = type as keyof typeof recordForms;
      const result = valid(recordType, composeContent(recordType, value));
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      const canonical = result.rrset.contents[0]!;
      expect(decomposeContent(recordType, canonical)).toEqual(value);
    });
  }

  it('has a form for every type a customer may add, each starting from its defaults', () => {
    for (const type of recordTypes) expect(Object.keys(emptyValue(type))).toEqual(recordForms[type].map((part) => part.key));
    expect(emptyValue('MX')).toEqual({ priority: '10', target: '' });
  });

  it('leaves the rules to the model: a bad MX priority is refused by parseRrsetInput', () => {
    const result = valid('MX', composeContent('MX', { priority: '70000', target: 'mail.example.com.' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.content).toBeTruthy();
  });
});
