import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer, Variant } from './answerCache';

const answer = (qtype = 1): CachedAnswer => ({
  qtype,
  variant: Variant.Edns,
  wire: new Uint8Array(12),
  zone: undefined,
  version: 0,
  counter: { count: 0 },
  kind: 0,
});

/** Offers a name twice, as a second query would: then it is cached. */
function admit(cache: AnswerCache, name: string): void {
  cache.set(name, answer());
  cache.set(name, answer());
}

describe('the answer cache', () => {
  it('caches a name at once while there is room, and from its second query once full', () => {
    const cache = new AnswerCache(2);
    cache.set('a.', answer());
    cache.set('b.', answer());
    expect(cache.get('b.', 1, Variant.Edns)).toBeDefined();
    cache.set('www.example.com.', answer());
    expect(cache.get('www.example.com.', 1, Variant.Edns)).toBeUndefined();
    cache.set('www.example.com.', answer());
    expect(cache.get('www.example.com.', 1, Variant.Edns)).toBeDefined();
    cache.set('www.example.com.', answer(28));
    expect(cache.get('www.example.com.', 28, Variant.Edns)).toBeDefined();
  });

  it('evicts one name at a time, passing over those used since the hand last came by', () => {
    const cache = new AnswerCache(3);
    for (const name of ['a.', 'b.', 'c.']) admit(cache, name);
    cache.get('a.', 1, Variant.Edns);
    admit(cache, 'd.');
    expect(cache.size).toBe(3);
    expect(cache.get('b.', 1, Variant.Edns)).toBeUndefined();
    for (const name of ['a.', 'c.', 'd.']) expect(cache.get(name, 1, Variant.Edns)).toBeDefined();
  });

  it('keeps the names asked for often through a flood of random names', () => {
    const cache = new AnswerCache(1000);
    const hot = Array.from({ length: 500 }, (_, i) => `host${i}.example.com.`);
    for (const name of hot) admit(cache, name);
    for (let i = 0; i < 200_000; i++) {
      // Each random name is asked once, as a flood asks them; the hot names keep being asked.
      cache.set(`${Math.random().toString(36).slice(2)}.example.com.`, answer());
      if (i % 100 === 0) for (const name of hot) cache.get(name, 1, Variant.Edns);
    }
    expect(hot.filter((name) => cache.get(name, 1, Variant.Edns) === undefined)).toEqual([]);
    expect(cache.size).toBeLessThanOrEqual(1000);
  });
});
