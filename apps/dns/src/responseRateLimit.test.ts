import { parseRateLimitExemption, type Cidr } from '@kaja/config';
import { describe, expect, it } from 'vitest';
import { clientNetwork, exemptNetworks, RateAction, ResponseRateLimiter } from './responseRateLimit';

/** A limiter on a clock the test moves. */
function limiterAt(rate: number, window: number, slip: number) {
  const clock = { ms: 1_000_000 };
  return { clock, limiter: new ResponseRateLimiter({ rate, window, slip }, () => clock.ms) };
}

const actions = (limiter: ResponseRateLimiter, network: number, kind: number, count: number) =>
  Array.from({ length: count }, () => limiter.check(network, kind));

describe('response rate limiting', () => {
  it('answers `rate` responses a second, then truncates every slip-th and drops the rest', () => {
    const { limiter } = limiterAt(5, 10, 2);
    const seen = actions(limiter, clientNetwork('192.0.2.1'), 7, 11);
    expect(seen.slice(0, 5)).toEqual(Array(5).fill(RateAction.Answer));
    expect(seen.slice(5)).toEqual([RateAction.Drop, RateAction.Slip, RateAction.Drop, RateAction.Slip, RateAction.Drop, RateAction.Slip]);
    expect(limiter.counts).toEqual({ slipped: 3, dropped: 3 });
  });

  it('keeps one account per network and kind of answer', () => {
    const { limiter } = limiterAt(3, 10, 1);
    actions(limiter, clientNetwork('192.0.2.1'), 1, 10);
    // The same /24 is the same account; another /24, or another kind, is not.
    expect(limiter.check(clientNetwork('192.0.2.77'), 1)).toBe(RateAction.Slip);
    expect(actions(limiter, clientNetwork('192.0.3.1'), 1, 3)).toEqual(Array(3).fill(RateAction.Answer));
    expect(actions(limiter, clientNetwork('192.0.2.1'), 2, 3)).toEqual(Array(3).fill(RateAction.Answer));
  });

  it('drops everything at slip 0 and truncates everything at slip 1', () => {
    const dropping = limiterAt(1, 5, 0).limiter;
    expect(actions(dropping, 1, 1, 4)).toEqual([RateAction.Answer, RateAction.Drop, RateAction.Drop, RateAction.Drop]);
    const slipping = limiterAt(1, 5, 1).limiter;
    expect(actions(slipping, 1, 1, 4)).toEqual([RateAction.Answer, RateAction.Slip, RateAction.Slip, RateAction.Slip]);
  });

  it('credits `rate` a second, and keeps a flood limited for up to the window after it stops', () => {
    const { clock, limiter } = limiterAt(10, 3, 0);
    actions(limiter, 1, 1, 10);
    clock.ms += 1000;
    expect(actions(limiter, 1, 1, 11)).toEqual([...Array(10).fill(RateAction.Answer), RateAction.Drop]);
    // A long flood runs the account down to -rate × window, no further.
    actions(limiter, 1, 1, 1000);
    clock.ms += 3000;
    expect(limiter.check(1, 1)).toBe(RateAction.Drop);
    clock.ms += 1000;
    expect(limiter.check(1, 1)).toBe(RateAction.Answer);
  });

  it('numbers IPv4 /24 and IPv6 /56 networks apart', () => {
    expect(clientNetwork('192.0.2.1')).toBe(clientNetwork('192.0.2.254'));
    expect(clientNetwork('192.0.2.1')).not.toBe(clientNetwork('192.0.3.1'));
    expect(clientNetwork('2001:db8:0:100::1')).toBe(clientNetwork('2001:db8:0:1ff:ffff::2'));
    expect(clientNetwork('2001:db8:0:100::1')).not.toBe(clientNetwork('2001:db8:0:200::1'));
    expect(clientNetwork('::1')).toBe(clientNetwork('0:0:0:0:0:0:0:1'));
    expect(clientNetwork('2001:db8::1')).toBeGreaterThan(0xffffff);
    expect(clientNetwork('::ffff:192.0.2.1')).toBe(-1);
  });

  it('never limits nor counts an exempt network, and limits its neighbours', () => {
    const exempt = ['198.51.100.0/24', '2001:db8:aa00::/40'].map((text) => parseRateLimitExemption(text)!);
    const limiter = new ResponseRateLimiter({ rate: 1, window: 5, slip: 0, exempt }, () => 1_000_000);
    for (const address of ['198.51.100.9', '2001:db8:aa00::1', '2001:db8:aaff:ff00::1']) {
      expect(actions(limiter, clientNetwork(address), 1, 50)).toEqual(Array(50).fill(RateAction.Answer));
    }
    expect(limiter.counts).toEqual({ slipped: 0, dropped: 0 });
    for (const neighbour of ['198.51.101.9', '198.51.99.9', '2001:db8:ab00::1', '2001:db8:a9ff:ff00::1']) {
      expect(actions(limiter, clientNetwork(neighbour), 1, 3)).toEqual([RateAction.Answer, RateAction.Drop, RateAction.Drop]);
    }
  });

  it('exempts every client network inside a wider prefix, whatever host bits it is written with', () => {
    const networks = (...texts: string[]) => exemptNetworks(texts.map((text) => parseRateLimitExemption(text) as Cidr));
    const v4 = networks('10.1.2.3/16');
    expect(v4.size).toBe(256);
    expect(v4.has(clientNetwork('10.1.0.1'))).toBe(true);
    expect(v4.has(clientNetwork('10.1.255.1'))).toBe(true);
    expect(v4.has(clientNetwork('10.2.0.1'))).toBe(false);
    expect(networks('10.0.0.0/8').size).toBe(65_536);
    const v6 = networks('2001:db8:0:1234::/52');
    expect(v6.size).toBe(16);
    expect(v6.has(clientNetwork('2001:db8:0:1000::1'))).toBe(true);
    expect(v6.has(clientNetwork('2001:db8:0:1f00::1'))).toBe(true);
    expect(v6.has(clientNetwork('2001:db8:0:2000::1'))).toBe(false);
  });

  it('takes only whole client networks as exemptions', () => {
    for (const text of ['192.0.2.0/24', '10.0.0.0/8', '2001:db8::/56', '2001:db8::/40']) expect(parseRateLimitExemption(text)).not.toBeNull();
    for (const text of ['192.0.2.1', '192.0.2.0/25', '10.0.0.0/7', '2001:db8::/57', '2001:db8::/39', '::ffff:192.0.2.0/120', 'example.com/24']) {
      expect(parseRateLimitExemption(text)).toBeNull();
    }
  });
});
