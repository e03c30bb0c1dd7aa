import type { TestApp } from './app.ts';
import type { LoggedIn } from './auth.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An HTTP call as `who` (a Bearer session) or anonymously. */
export function callAs(
  t: TestApp,
  who: LoggedIn | null,
  method: Method,
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** The fields a 422 names. */
export const fieldsOf = (body: unknown) =>
  ((body as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field);
