type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/**
 * A contract schema's refusal as the form shows it: the first message of each field
 * by its dotted path (`metadata.message1`, `options.2`), the way the API names the
 * fields of a 422, so one map serves both.
 */
export function issuesByField(error: Issues): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) byField[issue.path.map(String).join('.')] ??= issue.message;
  return byField;
}
