import { redactUrl } from '../../src/logger.ts';

/**
 * Decision 0060 over the whole run: every URL a log line carries (a request's
 * `"url"`, a trace's `"url.path"`) must already be as `redactUrl` leaves it. A
 * URL that redaction would still change carries a bearer or personal value
 * (an activation or QR code, a promo code, a cart session, a one-time token,
 * `s=`, `dpi=`, `email=`, `code=`, `q=`…) that some line wrote unredacted.
 */
const URL_FIELD = /"url(?:\.path)?":"((?:[^"\\]|\\.)*)"/g;

export interface UrlFinding {
  line: number;
  /** The URL as it should have been logged: the secret is not repeated in the report. */
  redacted: string;
}

export function unredactedUrls(text: string): UrlFinding[] {
  const findings: UrlFinding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const [, raw] of line.matchAll(URL_FIELD)) {
      const url = (raw ?? '').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      if (!url.startsWith('/')) continue;
      const redacted = redactUrl(url);
      if (redacted !== url) findings.push({ line: index + 1, redacted });
    }
  });
  return findings;
}
