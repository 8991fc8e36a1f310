import { describe, expect, it } from 'vitest';
import { passwordHeaderValue } from './password-header';

describe('password header value', () => {
  it('sends the UTF-8 bytes of ä, ß and € as ISO-8859-1 characters', () => {
    const value = passwordHeaderValue('ä-ß-€');
    expect([...value].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
    expect(Buffer.from(value, 'latin1').toString('utf8')).toBe('ä-ß-€');
    expect(new Headers({ passwort: value }).get('passwort')).toBe(value);
  });

  it('leaves ASCII passwords as they are', () => {
    expect(passwordHeaderValue('Demo-2026!')).toBe('Demo-2026!');
  });
});
