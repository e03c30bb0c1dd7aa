/*
 * The two escapes a page's HTML needs when the server writes into it (decision 0069).
 * Both are a handful of characters, so they are written here rather than taken from a
 * package: `escape-html` does exactly the first, and nothing well kept does the second.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for an element's content or a quoted attribute value: `&`, `<`, `>`
 * and both quotes become references, so a producer's `"><script>` stays text. Also
 * valid in XML (the sitemap), where `&#39;` is as good as `&apos;`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the inside of a `<script>` data block (`application/ld+json`,
 * `application/json`). The HTML parser ends a script at the first `</script`, whatever
 * the JSON means, and `<!--` changes how it reads on; writing `<`, `>` and `&` as
 * `\u003c`-style escapes keeps the same JSON value with none of those characters in the
 * markup. JSON.parse (or a crawler) reads back the original strings.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => SCRIPT_ESCAPES[char] ?? char,
  );
}
