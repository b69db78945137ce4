import { describe, expect, it } from 'vitest';
import { glueForNameServers } from './glueForNameServers';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(glueForNameServers);

describe('glueForNameServers', () => {
  it('refuses a name server inside its delegation without glue', () => {
    const message = 'ns1.dev.example.com is inside the delegation dev.example.com, so it needs A or AAAA glue records';
    expect(check([], [set('dev', 'NS', 'ns1.dev.example.com.')])).toEqual([problem('dev', 'NS', 'content', message)]);
    expect(check([set('ns1.dev', 'A', '192.0.2.53')], [set('dev', 'NS', 'ns1.dev.example.com.')])).toEqual([]);
  });
});
