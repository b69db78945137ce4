import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from './dig';
import { startParentZone, type ParentZone } from './parentZone';

describe('startParentZone', () => {
  let parent: ParentZone;
  beforeAll(async () => {
    parent = await startParentZone();
  });
  afterAll(() => parent.stop());

  it('serves the delegations it is given, each change at a new serial', async () => {
    expect((await dig(parent.port, 'example.com', 'NS', { args: ['+norec'] })).rcode).toBe('NXDOMAIN');
    await parent.delegate('example.com', ['NS ns1.example.net.', 'NS ns2.example.net.']);
    const referral = await dig(parent.port, 'example.com', 'NS', { args: ['+norec'] });
    expect(referral.authority).toEqual(['example.com. 60 IN NS ns1.example.net.', 'example.com. 60 IN NS ns2.example.net.']);
    await parent.delegate('example.com', ['NS ns3.example.net.']);
    expect((await dig(parent.port, 'example.com', 'NS', { args: ['+norec'] })).authority).toEqual(['example.com. 60 IN NS ns3.example.net.']);
  });

  it('answers nothing while paused, and again once resumed', async () => {
    await parent.pause();
    await expect(dig(parent.port, 'com', 'SOA', { args: ['+norec', '+time=1'] })).rejects.toThrow();
    parent.resume();
    expect((await dig(parent.port, 'com', 'SOA', { args: ['+norec'] })).rcode).toBe('NOERROR');
  });
});
