import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { compareNames, isSubdomain, nameLabels, nameToUnicode, nameWireLength, parentName, parseName, parseNameByLabels } from './name';

describe('parseName', () => {
  it('makes relative names absolute under the origin', () => {
    expect(parseName('www', 'example.com')).toBe('www.example.com');
    expect(parseName('a.b', 'example.com')).toBe('a.b.example.com');
  });

  it('reads @ and the empty name as the origin', () => {
    expect(parseName('@', 'example.com')).toBe('example.com');
    expect(parseName('', 'example.com')).toBe('example.com');
  });

  it('takes a trailing dot as absolute and drops it', () => {
    expect(parseName('www.example.org.', 'example.com')).toBe('www.example.org');
    expect(parseName('.', 'example.com')).toBe('');
  });

  it('lowercases', () => {
    expect(parseName('WWW.Example.COM.')).toBe('www.example.com');
  });

  it('converts Unicode labels to punycode', () => {
    expect(parseName('bücher.de.')).toBe('xn--bcher-kva.de');
    expect(parseName('MÜNCHEN.de')).toBe('xn--mnchen-3ya.de');
    expect(nameToUnicode('xn--bcher-kva.de')).toBe('bücher.de');
    expect(parseName('例え。テスト.')).toBe('xn--r8jz45g.xn--zckzah');
  });

  it('reads escapes: \\. stays inside a label, \\DDD is an octet', () => {
    expect(nameLabels(parseName('a\\.b.example.com.'))).toEqual(['a.b', 'example', 'com']);
    expect(parseName('a\\.b.example.com.')).toBe('a\\.b.example.com');
    expect(parseName('\\065bc.example.')).toBe('abc.example');
    expect(parseName('a\\032b.example.')).toBe('a\\032b.example');
  });

  it('allows underscore labels', () => {
    expect(parseName('_dmarc', 'example.com')).toBe('_dmarc.example.com');
    expect(parseName('_443._tcp.www', 'example.com', { hostname: true })).toBe('_443._tcp.www.example.com');
  });

  it('makes a wildcard of * only as the leftmost label; elsewhere it is an ordinary label (RFC 4592 2.1.1)', () => {
    expect(parseName('*', 'example.com')).toBe('*.example.com');
    expect(parseName('host.*.sub', 'example.com')).toBe('host.*.sub.example.com');
    expect(parseName('a.*', 'example.com', { wildcard: false })).toBe('a.*.example.com');
    expect(parseName('host.*.sub', 'example.com', { hostname: true, wildcard: false })).toBe('host.*.sub.example.com');
    expect(() => parseName('*.example.com.', '', { wildcard: false })).toThrow('a wildcard is not allowed here');
  });

  it('rejects a label longer than 63 octets', () => {
    expect(parseName('a'.repeat(63), 'example.com')).toBe('a'.repeat(63) + '.example.com');
    expect(() => parseName('a'.repeat(64), 'example.com')).toThrow('label longer than 63');
  });

  it('rejects a name longer than 255 octets', () => {
    const label = 'a'.repeat(63);
    const name = [label, label, label, 'a'.repeat(61)].join('.') + '.';
    expect(nameWireLength(parseName(name))).toBe(255);
    expect(() => parseName('b.' + name)).toThrow('longer than 255 octets');
  });

  it('rejects empty labels, spaces, bad escapes', () => {
    expect(() => parseName('a..b.')).toThrow(ValidationError);
    expect(() => parseName('..')).toThrow('empty label');
    expect(() => parseName('a b')).toThrow('space');
    expect(() => parseName('a\\256.')).toThrow('above \\255');
    expect(() => parseName('a\\1x.')).toThrow('\\DDD');
    expect(() => parseName('a\\')).toThrow('lone backslash');
  });

  it('restricts hostnames to letters, digits, hyphens and underscores', () => {
    expect(() => parseName('a\\.b', 'example.com', { hostname: true })).toThrow('may only contain letters');
  });
});

describe('name relations', () => {
  it('knows subdomains by whole labels', () => {
    expect(isSubdomain('www.example.com', 'example.com')).toBe(true);
    expect(isSubdomain('example.com', 'example.com')).toBe(true);
    expect(isSubdomain('wwwexample.com', 'example.com')).toBe(false);
    expect(isSubdomain('anything', '')).toBe(true);
    expect(parentName('www.example.com')).toBe('example.com');
    expect(parentName('com')).toBe('');
  });
});

describe('compareNames (RFC 4034 6.1 canonical order)', () => {
  it('sorts the RFC example exactly', () => {
    // The example list of RFC 4034 section 6.1, shuffled.
    const ordered = [
      'example',
      'a.example',
      'yljkjljk.a.example',
      'Z.a.example',
      'zABC.a.EXAMPLE',
      'z.example',
      '\\001.z.example',
      '*.z.example',
      '\\200.z.example',
    ];
    const shuffled = [...ordered].reverse();
    shuffled.push(shuffled.shift()!);
    expect(shuffled.sort(compareNames)).toEqual(ordered);
  });

  it('puts a name before its subdomains and the root first', () => {
    expect(compareNames('', 'com')).toBeLessThan(0);
    expect(compareNames('example.com', 'a.example.com')).toBeLessThan(0);
    expect(compareNames('b.example.com', 'a.example.com')).toBeGreaterThan(0);
    expect(compareNames('WWW.example.com', 'www.example.com')).toBe(0);
  });
});

describe('compareNames on unescaped names', () => {
  it('orders like a label-by-label comparison from the right', () => {
    const labels = ['a', 'b', 'A', 'aa', 'a-b', '_x', '*', 'z9', 'zz'];
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    const names = Array.from({ length: 300 }, () => Array.from({ length: 1 + (random() % 4) }, () => labels[random() % labels.length]).join('.'));
    names.push('');
    const reference = (a: string, b: string) => {
      const la = nameLabels(a.toLowerCase()).reverse();
      const lb = nameLabels(b.toLowerCase()).reverse();
      for (let i = 0; i < Math.min(la.length, lb.length); i++) {
        if (la[i] !== lb[i]) return la[i]! < lb[i]! ? -1 : 1;
      }
      return la.length - lb.length;
    };
    for (const a of names) for (const b of names.slice(0, 40)) expect(Math.sign(compareNames(a, b))).toBe(Math.sign(reference(a, b)));
  });
});

describe('parseName on plain names', () => {
  // What parsing gives: the name, or the error's message.
  const outcome = (parse: () => string) => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return `error: ${error.message}`;
    }
  };
  const long = (octets: number) => Array.from({ length: Math.ceil(octets / 2) }, () => 'a').join('.');

  it('gives what reading the labels gives, for every name, origin and option', () => {
    const texts = [
      'www',
      'WWW.Example',
      'a-b_c.d',
      'host123.',
      'Mixed.Case.COM.',
      '_sip._tcp',
      '-lead.trail-',
      'a'.repeat(63),
      'a'.repeat(64),
      `${'a'.repeat(63)}.`,
      'a..b',
      '.a',
      'a.b..',
      '*',
      '*.wild',
      'a*b',
      'a\\.b',
      'a\\065b',
      'caf\u00e9',
      'a\u3002b',
      'a b',
      'x@y',
      long(200),
      long(251),
      long(252),
      long(253),
      long(254),
      `${long(253)}.`,
      `${long(254)}.`,
      `${long(255)}.`,
    ];
    const origins = ['', 'example.com', 'EXAMPLE.com', 'a\\.b.example', '*.example', 'a*b.example', 'x', long(200), long(230)];
    const options = [{}, { wildcard: false }, { hostname: true }, { wildcard: false, hostname: true }];
    let plain = 0;
    for (const text of texts) {
      for (const origin of origins) {
        for (const option of options) {
          const fast = outcome(() => parseName(text, origin, option));
          expect(fast, `${text} in ${origin} ${JSON.stringify(option)}`).toBe(outcome(() => parseNameByLabels(text, origin, option)));
          if (!fast.startsWith('error')) plain++;
        }
      }
    }
    expect(plain).toBeGreaterThan(100);
  });
});
