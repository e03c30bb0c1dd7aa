import { describe, expect, it } from 'vitest';
import { initialsOf, splitFullname } from './person-name.ts';

describe('initials of a person', () => {
  it('takes the first letters of the first and the last word', () => {
    expect(initialsOf('María José López')).toBe('ML');
    expect(initialsOf('ana lópez')).toBe('AL');
    expect(initialsOf('  Óscar   Ávila  ')).toBe('ÓÁ');
  });

  it('gives one letter for a one-word name', () => {
    expect(initialsOf('Quetzalli')).toBe('Q');
  });

  it('keeps an accented letter whole even when typed as a combining sequence', () => {
    expect(initialsOf('E\u0301dgar Pérez')).toBe('ÉP');
  });

  it('ignores punctuation between the words', () => {
    expect(initialsOf('Ana - López')).toBe('AL');
  });

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initialsOf('', 'ana@correo.gt')).toBe('A');
    expect(initialsOf(null, null)).toBe('?');
  });
});

describe('splitting a full name', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitFullname('María José López')).toEqual({
      firstname: 'María',
      lastname: 'José López',
    });
    expect(splitFullname(' Ana ')).toEqual({ firstname: 'Ana', lastname: '' });
    expect(splitFullname(null)).toEqual({ firstname: '', lastname: '' });
  });
});
