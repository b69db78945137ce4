import { describe, expect, it } from 'vitest';
import type { TsigRecord } from '@kaja/dns-model/tsig';
import { ReplayGuard } from './replayGuard';

const now = 1_700_000_000;
const record = (mac: number, fields: Partial<TsigRecord> = {}): TsigRecord => ({
  keyName: 'update.example.com',
  algorithm: 'hmac-sha256',
  timeSigned: now,
  fudge: 300,
  mac: new Uint8Array(32).fill(mac),
  originalId: 1,
  error: 0,
  otherData: new Uint8Array(),
  ...fields,
});

describe('ReplayGuard', () => {
  it('admits a MAC once within its window, and again only after the window (when TSIG refuses it anyway)', () => {
    const guard = new ReplayGuard();
    expect(guard.admit(record(1), now)).toBe('new');
    guard.done(record(1));
    expect(guard.admit(record(1), now + 299)).toBe('replay');
    expect(guard.admit(record(1, { keyName: 'UPDATE.example.com' }), now + 300)).toBe('replay');
    expect(guard.admit(record(2), now)).toBe('new');
    expect(guard.admit(record(1), now + 301)).toBe('new');
  });

  it('calls a copy that arrives while the first is being applied a retransmission, and a replay once it is answered', () => {
    const guard = new ReplayGuard();
    expect(guard.admit(record(1), now)).toBe('new');
    expect(guard.admit(record(1), now + 3)).toBe('in-progress');
    guard.done(record(1, { keyName: 'UPDATE.example.com' }));
    expect(guard.admit(record(1), now + 4)).toBe('replay');
  });

  it('tells the same MAC under another key apart', () => {
    const guard = new ReplayGuard();
    expect(guard.admit(record(1), now)).toBe('new');
    expect(guard.admit(record(1, { keyName: 'other.example.com' }), now)).toBe('new');
  });

  it('remembers a message no longer than the capped window, whatever fudge it carries', () => {
    const guard = new ReplayGuard();
    expect(guard.admit(record(1, { fudge: 36_000 }), now)).toBe('new');
    expect(guard.admit(record(1, { fudge: 36_000 }), now + 301)).toBe('new');
  });

  it('stays within its capacity: expired MACs make room, live ones are never forgotten', () => {
    const guard = new ReplayGuard(2);
    expect(guard.admit(record(1), now)).toBe('new');
    expect(guard.admit(record(2, { timeSigned: now + 100 }), now + 100)).toBe('new');
    expect(guard.admit(record(3), now + 100)).toBe('full');
    expect(guard.admit(record(1), now + 100)).toBe('in-progress');
    expect(guard.admit(record(3, { timeSigned: now + 301 }), now + 301)).toBe('new');
    expect(guard.size).toBe(2);
    expect(guard.admit(record(2, { timeSigned: now + 100 }), now + 301)).toBe('in-progress');
  });
});
