import { describe, expect, it } from 'vitest';
import { recordType } from './types/index';
import { rrsetWarnings } from './warnings';

const zone = 'example.com';
/** A set as the API saves it: each value in its canonical form. */
const set = (type: string, values: string[], name = zone) => ({ name, type, contents: values.map((value) => recordType(type).parse(value, zone)) });
const codes = (type: string, values: string[]) => rrsetWarnings(set(type, values)).map((warning) => warning.code);

describe('rrsetWarnings', () => {
  it('warns of a CAA set whose issue values are all empty: no authority may issue', () => {
    const [warning] = rrsetWarnings(set('CAA', ['0 issue ""']));
    expect(warning).toEqual({ name: zone, type: 'CAA', code: 'caa_forbids_issue', message: expect.stringContaining('No certificate authority may issue') });
    expect(warning!.message).toContain('renewals');
    expect(codes('CAA', ['0 issue ";"'])).toEqual(['caa_forbids_issue']);
    expect(codes('CAA', ['0 issue ""', '0 iodef "mailto:security@example.com"'])).toEqual(['caa_forbids_issue']);
  });

  it('does not warn when another issue value names an authority, or for an authority with parameters', () => {
    expect(codes('CAA', ['0 issue ""', '0 issue "letsencrypt.org"'])).toEqual([]);
    expect(codes('CAA', ['0 issue "letsencrypt.org; validationmethods=dns-01"'])).toEqual([]);
    expect(codes('CAA', ['0 iodef "mailto:security@example.com"'])).toEqual([]);
  });

  it('warns of an empty issuewild: no wildcard certificates', () => {
    expect(codes('CAA', ['0 issue "letsencrypt.org"', '0 issuewild ""'])).toEqual(['caa_forbids_wildcard']);
    expect(codes('CAA', ['0 issue "letsencrypt.org"', '0 issuewild ""', '0 issuewild "sectigo.com"'])).toEqual([]);
  });

  it('warns of a null MX: the domain takes no mail', () => {
    expect(rrsetWarnings(set('MX', ['0 .']))).toEqual([
      {
        name: zone,
        type: 'MX',
        code: 'null_mx',
        message: `${zone} accepts no mail: a null MX ("0 .") tells every sender to bounce mail to this domain at once.`,
      },
    ]);
    expect(codes('MX', ['10 mail.example.com.'])).toEqual([]);
  });

  it('warns of an SPF policy that passes every sender, however it is split into strings', () => {
    expect(codes('TXT', ['v=spf1 include:_spf.example.net +all'])).toEqual(['spf_pass_all']);
    expect(codes('TXT', ['v=spf1 a mx all'])).toEqual(['spf_pass_all']);
    expect(codes('TXT', ['"v=spf1 a mx " "+all"'])).toEqual(['spf_pass_all']);
    expect(codes('TXT', ['v=spf1 a mx ~all', 'google-site-verification=abc'])).toEqual([]);
    expect(codes('TXT', ['v=spf1 -all'])).toEqual([]);
    // Not SPF at all: a text that merely mentions +all.
    expect(codes('TXT', ['note: +all'])).toEqual([]);
  });

  it('warns of two SPF policies in one set: receivers treat SPF as broken', () => {
    expect(codes('TXT', ['v=spf1 mx -all', 'v=spf1 include:_spf.example.net ~all'])).toEqual(['spf_several']);
  });

  it('says nothing of ordinary sets', () => {
    expect(rrsetWarnings(set('A', ['192.0.2.1'], 'www.example.com'))).toEqual([]);
    expect(rrsetWarnings(set('NS', ['ns1.example.net.'], 'sub.example.com'))).toEqual([]);
  });
});
