import { describe, expect, it } from 'vitest';
import { EMPTY_ACTIVATION, activationProblems, typedTicketCode } from './activation-rules';

describe('ticket code input (000 §5)', () => {
  it('is upper-cased, without spaces, at most 6 characters', () => {
    expect(typedTicketCode(' ab3 d5f9 ')).toBe('AB3D5F');
  });

  it('is required; a session needs nothing more', () => {
    expect(activationProblems(EMPTY_ACTIVATION, 'session')).toEqual({
      code: 'Este campo es obligatorio',
    });
    expect(activationProblems({ ...EMPTY_ACTIVATION, code: 'AB3D5F' }, 'session')).toEqual({});
  });

  it('needs the login credentials, or every signup field with matching confirmations', () => {
    const values = { ...EMPTY_ACTIVATION, code: 'AB3D5F' };
    expect(Object.keys(activationProblems(values, 'login'))).toEqual(['email', 'password']);
    expect(Object.keys(activationProblems(values, 'signup'))).toEqual([
      'fullname',
      'email',
      'emailConfirm',
      'password',
      'passwordConfirm',
    ]);
    const signup = {
      ...values,
      fullname: 'Ana López',
      email: 'ana@correo.gt',
      emailConfirm: 'ANA@correo.gt',
      password: 'Secreta-2026',
      passwordConfirm: 'Secreta-2026',
    };
    expect(activationProblems(signup, 'signup')).toEqual({});
    expect(activationProblems({ ...signup, passwordConfirm: 'otra' }, 'signup')).toEqual({
      passwordConfirm: 'Las contraseñas no coinciden.',
    });
  });
});
