import { describe, expect, it } from 'vitest';
import { nullMx } from './nullMx';

describe('nullMx', () => {
  it('refuses a null MX with a priority other than 0', () => {
    expect(nullMx.check('10 .', 'MX')).toBe('A null MX (".") must have priority 0');
    expect(nullMx.check('0 .', 'MX')).toBeUndefined();
    expect(nullMx.check('10 mail.example.com.', 'MX')).toBeUndefined();
  });
});
