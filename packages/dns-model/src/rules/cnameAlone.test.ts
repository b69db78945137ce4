import { describe, expect, it } from 'vitest';
import { cnameAlone } from './cnameAlone';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(cnameAlone);

describe('cnameAlone', () => {
  it('refuses a CNAME beside other records, and at the apex', () => {
    expect(check([set('www', 'A', '192.0.2.1')], [set('www', 'CNAME', 'example.com.')])).toEqual([
      problem('www', 'CNAME', 'type', 'A CNAME must be the only record at its name: www.example.com already has A records'),
    ]);
    expect(check([], [set('', 'CNAME', 'other.example.net.')])).toEqual([problem('', 'CNAME', 'content', 'CNAME cannot be at the root of a domain')]);
  });

  it('says a CNAME at the apex is misplaced once, not again for the SOA and NS records beside it', () => {
    const apex = [set('', 'SOA', 'ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 3600'), set('', 'NS', 'ns1.example.net.')];
    expect(check(apex, [set('', 'CNAME', 'other.example.net.')])).toEqual([problem('', 'CNAME', 'content', 'CNAME cannot be at the root of a domain')]);
  });
});
