import { describe, expect, it } from 'vitest';
import { ApiError, errorText, unexpectedErrorText } from './errors';

describe('the text of a failed call (spec section 8)', () => {
  it('is the error field when it is a string', () => {
    expect(errorText({ error: 'Zone limit reached', message: 'ignored' })).toBe('Zone limit reached');
  });

  it("is the envelope error's message when the error field is an object", () => {
    expect(errorText({ status: 'error', error: { code: 'validation_failed', message: 'Record type is required', details: {} } })).toBe(
      'Record type is required',
    );
  });

  it('is the JSON text of an error value without a message', () => {
    expect(errorText({ error: { code: 'teapot' } })).toBe('{"code":"teapot"}');
  });

  it('is the message field when there is no error field', () => {
    expect(errorText({ message: 'Service unavailable' })).toBe('Service unavailable');
  });

  it('is the generic text otherwise', () => {
    for (const body of [null, undefined, 'text', {}, { error: '' }]) expect(errorText(body)).toBe(unexpectedErrorText);
    expect(unexpectedErrorText).toBe('An unexpected error occurred.');
  });
});

describe('ApiError.fromBody', () => {
  it("keeps the envelope's code and its field errors by path", () => {
    const error = ApiError.fromBody(422, {
      status: 'error',
      error: { code: 'validation_failed', message: 'Invalid MX', details: { 'records.0.content': 'Priority must be 0 to 65535', other: ['a', 'b'] } },
    });
    expect([error.status, error.code, error.message]).toEqual([422, 'validation_failed', 'Invalid MX']);
    expect(error.fields).toEqual({ 'records.0.content': 'Priority must be 0 to 65535', other: 'a b' });
  });
});
