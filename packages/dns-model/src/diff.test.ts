import { describe, expect, it } from 'vitest';
import { diffRecords } from './diff';

const r = (name: string, type: string, ttl: number, content: string) => ({ name, type, ttl, content });

describe('diffRecords', () => {
  it('lists removed and added records in canonical order; a TTL change is both', () => {
    const before = [r('www.example.com', 'A', 300, '192.0.2.1'), r('example.com', 'MX', 3600, '10 mail.example.com.'), r('b.example.com', 'TXT', 60, '"x"')];
    const after = [r('example.com', 'MX', 3600, '10 mail.example.com.'), r('www.example.com', 'A', 600, '192.0.2.1'), r('a.example.com', 'A', 60, '192.0.2.9')];
    expect(diffRecords(before, after)).toEqual({
      removed: [r('b.example.com', 'TXT', 60, '"x"'), r('www.example.com', 'A', 300, '192.0.2.1')],
      added: [r('a.example.com', 'A', 60, '192.0.2.9'), r('www.example.com', 'A', 600, '192.0.2.1')],
    });
  });

  it('is empty for the same records in another order, duplicates counted once', () => {
    const records = [r('example.com', 'A', 60, '192.0.2.1'), r('example.com', 'A', 60, '192.0.2.2')];
    expect(diffRecords(records, [...records].reverse().concat(records[0]!))).toEqual({ removed: [], added: [] });
  });
});
