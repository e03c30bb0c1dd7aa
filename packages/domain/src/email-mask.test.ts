import { describe, expect, it } from 'vitest';
import { maskEmail } from './email-mask.ts';

describe('masked e-mail', () => {
  it('keeps the first character and the whole domain, with three bullets whatever the length', () => {
    expect(maskEmail('ana.lucia@gmail.com')).toBe('a•••@gmail.com');
    expect(maskEmail('abc@correo.gt')).toBe('a•••@correo.gt');
    expect(maskEmail('luciafernandaperezaju@departamento.gob.gt')).toBe('l•••@departamento.gob.gt');
  });

  it('shows no character of a local part of one or two', () => {
    expect(maskEmail('ab@gmail.com')).toBe('•••@gmail.com');
    expect(maskEmail('a@gmail.com')).toBe('•••@gmail.com');
  });

  it('keeps a whole first character outside the basic plane, and hides anything without @', () => {
    expect(maskEmail('𝒜na@correo.gt')).toBe('𝒜•••@correo.gt');
    expect(maskEmail('"a@b"@correo.gt')).toBe('"•••@correo.gt');
    expect(maskEmail('sin-arroba')).toBe('•••');
  });
});
