import { describeMatrix } from '../helpers/authz-describe.ts';
import { MIXED_ORDER_ROWS, SHOW_ROWS } from '../helpers/authz-rows-organiser.ts';
import { CROSS_ROWS, LIVE_ROWS } from '../helpers/authz-rows-organiser-live.ts';

/**
 * Issue 13, decision 0046: every organiser route that takes an id, tried by
 * another viewer, another producer, an anonymous caller, a stranger's session
 * and a forged token: no data, nothing changed; the owner's own call works.
 */
describeMatrix('authorisation matrix: organiser objects', [
  ...SHOW_ROWS,
  ...MIXED_ORDER_ROWS,
  ...LIVE_ROWS,
  ...CROSS_ROWS,
]);
