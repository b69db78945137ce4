import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from './mail';

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and reads the encoded bytes as UTF-8', () => {
    expect(decodeQuotedPrintable('https://app.example/auth/verify-email?token=3D=\r\nabc T=C3=A4nan =e2=82=ac')).toBe(
      'https://app.example/auth/verify-email?token=abc Tänan €',
    );
  });
});
