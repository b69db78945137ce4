import { describe, expect, it } from 'vitest';
import { ancestors } from './ancestors';

describe('ancestors', () => {
  it('lists a name and its parents up to the top, leftmost first', () => {
    expect(ancestors('a.b.example.com', 'example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(ancestors('example.com', 'example.com')).toEqual(['example.com']);
    expect(ancestors('www.example.com', '')).toEqual(['www.example.com', 'example.com', 'com', '']);
    expect(ancestors('', '')).toEqual(['']);
  });

  it('keeps an escaped dot inside its label', () => {
    expect(ancestors('a\\.b.example.com', 'example.com')).toEqual(['a\\.b.example.com', 'example.com']);
    expect(ancestors('x.a\\.b.com', '')).toEqual(['x.a\\.b.com', 'a\\.b.com', 'com', '']);
  });
});
