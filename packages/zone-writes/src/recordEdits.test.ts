import { describe, expect, it } from 'vitest';
import { ZoneWriteError } from './errors';
import { setChangesOf, type RecordEdit } from './recordEdits';
import { setKey, type RrsetRow, type ZoneRow, type ZoneState } from './zoneSets';

const zone = { id: 'zone-1', name: 'example.com', ttl: 3600 } as ZoneRow;

function stateWith(...sets: [name: string, type: string, ttl: number, contents: string[]][]): ZoneState {
  const rows = sets.map(([name, type, ttl, contents], index) => ({ id: `set-${index}`, name, type, ttl, contents }) as RrsetRow);
  return { zone, sets: new Map(rows.map((row) => [setKey(row.name, row.type), row])) };
}

const www = stateWith(['www.example.com', 'A', 600, ['192.0.2.1']]);
const refusal = (edits: RecordEdit[], state = www) => {
  try {
    setChangesOf(edits, state);
  } catch (error) {
    if (error instanceof ZoneWriteError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('the edits applied');
};

describe('record edits against the zone under the lock', () => {
  it('add: values join the set once, a TTL left out keeps the set’s, a new set takes the zone’s', () => {
    expect(setChangesOf([{ action: 'add', name: 'www.example.com', type: 'A', ttl: null, contents: ['192.0.2.1', '192.0.2.2'] }], www)).toEqual([
      { name: 'www.example.com', type: 'A', next: { name: 'www.example.com', type: 'A', ttl: 600, contents: ['192.0.2.1', '192.0.2.2'] }, path: '' },
    ]);
    expect(setChangesOf([{ action: 'add', name: 'new.example.com', type: 'A', ttl: null, contents: ['192.0.2.9'] }], www)[0]!.next?.ttl).toBe(3600);
  });

  it('update: only the stored set of that id, its TTL kept when left out', () => {
    const update = (id: string): RecordEdit => ({ action: 'update', id, name: 'www.example.com', type: 'A', ttl: null, contents: ['198.51.100.1'] });
    expect(setChangesOf([update('set-0')], www)[0]!.next).toEqual({ name: 'www.example.com', type: 'A', ttl: 600, contents: ['198.51.100.1'] });
    expect(refusal([update('set-gone')])).toEqual({ code: 'rrset_not_found', message: 'Record not found', details: {} });
  });

  it('remove: a missing set, then a value that cannot be read, then a missing value', () => {
    const remove = (name: string, content?: NonNullable<Extract<RecordEdit, { action: 'remove' }>['content']>): RecordEdit => ({
      action: 'remove',
      name,
      type: 'A',
      ...(content ? { content } : {}),
    });
    expect(refusal([remove('nothing.example.com', { ok: false, problem: 'Not an IPv4 address' })]).message).toBe(
      'A record set at nothing.example.com not found',
    );
    expect(refusal([remove('www.example.com', { ok: false, problem: 'Not an IPv4 address' })])).toEqual({
      code: 'invalid_change',
      message: 'Not an IPv4 address',
      details: { content: 'Not an IPv4 address' },
    });
    expect(refusal([remove('www.example.com', { ok: true, value: '192.0.2.7' })]).message).toBe('A record 192.0.2.7 at www.example.com not found');
    expect(setChangesOf([remove('www.example.com', { ok: true, value: '192.0.2.1' })], www)).toEqual([
      { name: 'www.example.com', type: 'A', next: null, path: '' },
    ]);
  });

  it('a list: every change’s problem at once, in the order of the list, the unreadable ones included', () => {
    expect(
      refusal([
        { action: 'create', name: 'www.example.com', type: 'A', ttl: null, contents: ['192.0.2.3'], path: 'changes.0.' },
        { action: 'unreadable', problems: { 'changes.1.type': 'Record type is required' } },
        { action: 'delete', name: 'nothing.example.com', type: 'TXT', path: 'changes.2.' },
        { action: 'replace', name: 'www.example.com', type: 'A', ttl: null, contents: ['192.0.2.4'], path: 'changes.3.' },
      ]),
    ).toEqual({
      code: 'invalid_change',
      message: 'www.example.com already has a A set: use replace to change it',
      details: {
        'changes.0.name': 'www.example.com already has a A set: use replace to change it',
        'changes.1.type': 'Record type is required',
        'changes.2.name': 'There is no TXT set at nothing.example.com to delete',
      },
    });
  });

  it('a list: replace and create take the zone’s TTL when none is given, not the set’s', () => {
    const [replaced] = setChangesOf([{ action: 'replace', name: 'www.example.com', type: 'A', ttl: null, contents: ['192.0.2.4'], path: 'changes.0.' }], www);
    expect(replaced!.next?.ttl).toBe(3600);
  });
});
