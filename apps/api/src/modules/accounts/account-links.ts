/**
 * The SPA pages e-mailed links open (002 §2.1). PUBLIC_URL may carry a path
 * (a deployment under a sub-path), so links are joined, not resolved.
 */
function link(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return link(publicUrl, `/password/reset/${token}`);
}

export function emailVerificationLink(publicUrl: string, token: string): string {
  return link(publicUrl, `/email/verify/${token}`);
}
