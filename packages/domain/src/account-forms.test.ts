import { describe, expect, it } from 'vitest';
import {
  canRequestPasswordReset,
  canSaveFullname,
  canSaveProfile,
  canSubmitLogin,
  canSubmitPanelSignup,
  canSubmitPasswordReset,
  canSubmitSignup,
  isEmailConfirmationWrong,
  isPasswordConfirmationWrong,
} from './account-forms.ts';

const signup = {
  fullname: 'Ana López',
  email: 'ana@correo.gt',
  password: 'Quetzal-2026',
  passwordConfirmation: 'Quetzal-2026',
};

describe('account form rules', () => {
  it('lets a login through only with an e-mail and a password', () => {
    expect(canSubmitLogin({ email: 'ana@correo.gt', password: 'x' })).toBe(true);
    expect(canSubmitLogin({ email: '', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: '   ', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: 'ana@correo.gt', password: '' })).toBe(false);
  });

  it('asks the simple signup for a name, an e-mail and a confirmed password', () => {
    expect(canSubmitSignup(signup)).toBe(true);
    expect(canSubmitSignup({ ...signup, fullname: ' ' })).toBe(false);
    expect(canSubmitSignup({ ...signup, email: '' })).toBe(false);
    expect(canSubmitSignup({ ...signup, password: '', passwordConfirmation: '' })).toBe(false);
    expect(canSubmitSignup({ ...signup, passwordConfirmation: 'Quetzal-2027' })).toBe(false);
  });

  it('asks the panel signup for the e-mail twice, case aside', () => {
    expect(canSubmitPanelSignup({ ...signup, emailConfirmation: 'ana@correo.gt' })).toBe(true);
    expect(canSubmitPanelSignup({ ...signup, emailConfirmation: ' ANA@correo.gt ' })).toBe(true);
    expect(canSubmitPanelSignup({ ...signup, emailConfirmation: 'ana@correo.com' })).toBe(false);
    expect(canSubmitPanelSignup({ ...signup, emailConfirmation: '' })).toBe(false);
    expect(
      canSubmitPanelSignup({
        ...signup,
        emailConfirmation: signup.email,
        passwordConfirmation: '',
      }),
    ).toBe(false);
  });

  it('flags a confirmation only once something is typed in it', () => {
    expect(isEmailConfirmationWrong('ana@correo.gt', '')).toBe(false);
    expect(isEmailConfirmationWrong('ana@correo.gt', 'ana@')).toBe(true);
    expect(isPasswordConfirmationWrong('Quetzal-2026', '')).toBe(false);
    expect(isPasswordConfirmationWrong('Quetzal-2026', 'Quetzal')).toBe(true);
    expect(isPasswordConfirmationWrong('Quetzal-2026', 'Quetzal-2026')).toBe(false);
  });

  it('compares passwords exactly as typed', () => {
    expect(canSubmitPasswordReset('Clave nueva ', 'Clave nueva')).toBe(false);
    expect(canSubmitSignup({ ...signup, passwordConfirmation: 'quetzal-2026' })).toBe(false);
  });

  it('sends a password request only with an e-mail', () => {
    expect(canRequestPasswordReset('ana@correo.gt')).toBe(true);
    expect(canRequestPasswordReset('  ')).toBe(false);
  });

  it('enables the password reset only when both fields are filled and equal', () => {
    expect(canSubmitPasswordReset('Quetzal-2026', 'Quetzal-2026')).toBe(true);
    expect(canSubmitPasswordReset('', '')).toBe(false);
    expect(canSubmitPasswordReset('Quetzal-2026', '')).toBe(false);
    expect(canSubmitPasswordReset('Quetzal-2026', 'Quetzal-2027')).toBe(false);
  });

  it('saves a full name only when it is not empty', () => {
    expect(canSaveFullname('Ana López')).toBe(true);
    expect(canSaveFullname('  ')).toBe(false);
  });

  it('saves the profile only with a first name and a last name', () => {
    expect(canSaveProfile({ firstname: 'Ana', lastname: 'López' })).toBe(true);
    expect(canSaveProfile({ firstname: '', lastname: 'López' })).toBe(false);
    expect(canSaveProfile({ firstname: 'Ana', lastname: ' ' })).toBe(false);
  });
});
