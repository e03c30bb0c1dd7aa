import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  checkPasswordPolicy,
  isCommonPassword,
} from './password-policy.ts';

const refusedAsCommon = { ok: false, message: 'Esta contraseña es muy común. Elige otra.' };

describe('password policy', () => {
  it('needs at least 8 characters, counted as characters rather than UTF-16 units', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(checkPasswordPolicy('Xq7#pLm')).toEqual({
      ok: false,
      message: 'La contraseña debe tener al menos 8 caracteres',
    });
    expect(checkPasswordPolicy('Xq7#pLmz')).toEqual({ ok: true });
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(checkPasswordPolicy('🎭🎤🎸🎺🎻🥁🎷')).toEqual({
      ok: false,
      message: PASSWORD_POLICY_MESSAGES.tooShort,
    });
  });

  it('refuses a password longer than the maximum', () => {
    const long = 'Xq7#pLmz'.repeat(30).slice(0, PASSWORD_MAX_LENGTH + 1);
    expect(checkPasswordPolicy(long)).toEqual({
      ok: false,
      message: PASSWORD_POLICY_MESSAGES.tooLong,
    });
    expect(checkPasswordPolicy(long.slice(0, PASSWORD_MAX_LENGTH))).toEqual({ ok: true });
  });

  it('refuses the common passwords of the deny-list, Spanish ones included', () => {
    for (const password of ['contraseña', '12345678', 'guatemala', 'qwertyui', 'password1']) {
      expect(checkPasswordPolicy(password), password).toEqual(refusedAsCommon);
    }
  });

  it('compares without regard to case or accents', () => {
    for (const password of ['CONTRASEÑA', 'Contrasena', 'GuAtEmAlA', 'QWERTYUI', 'PassWord1']) {
      expect(checkPasswordPolicy(password), password).toEqual(refusedAsCommon);
    }
    // "contraseña" typed with a combining tilde (n + U+0303) is the same password.
    expect(checkPasswordPolicy('contrasen\u0303a')).toEqual(refusedAsCommon);
  });

  it('refuses a common word with digits or symbols around it, and simple letter swaps', () => {
    for (const password of [
      'Guatemala2025!',
      'mariposa1987',
      '!!teamo2024',
      'P@ssw0rd',
      'C0ntr4seña',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses one character repeated and straight runs of letters or digits', () => {
    for (const password of ['aaaaaaaaaa', '%%%%%%%%', 'abcdefghijkl', '98765432', 'zyxwvuts']) {
      expect(checkPasswordPolicy(password), password).toEqual(refusedAsCommon);
    }
    // Nearly a run is not a run.
    expect(isCommonPassword('abcdefgi')).toBe(false);
  });

  it('accepts passwords that are neither short nor common', () => {
    for (const password of [
      'Mi perro come tamales 87',
      'xk3#Lm9qPz',
      'quetzal-volador-sobre-Atitlan',
      'guatemala es bella',
      'Tikal-al-amanecer-2027',
    ]) {
      expect(checkPasswordPolicy(password), password).toEqual({ ok: true });
    }
  });

  it('refuses the account e-mail or its name part as the password', () => {
    const email = 'Ana.Lopez@correo.gt';
    for (const password of ['ana.lopez@correo.gt', 'ANA.LOPEZ', 'ana.lopez2027']) {
      expect(checkPasswordPolicy(password, { email }), password).toEqual({
        ok: false,
        message: PASSWORD_POLICY_MESSAGES.matchesEmail,
      });
    }
    expect(checkPasswordPolicy('ana.lopez2027')).toEqual({ ok: true });
    expect(checkPasswordPolicy('Volcan-de-Fuego-77', { email })).toEqual({ ok: true });
  });

  it('ships about a thousand entries, all stored folded', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry, entry).toBe(entry.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
      expect(entry).not.toMatch(/\s/);
    }
    for (const entry of ['contrasena', 'guatemala', 'chapin', 'teamo', 'quetzal', '1qaz2wsx']) {
      expect(COMMON_PASSWORDS.has(entry), entry).toBe(true);
    }
  });
});
