import { describeMatrix } from '../helpers/authz-describe.ts';
import { ACCOUNT_ROWS } from '../helpers/authz-rows-account.ts';
import { BUYER_ROWS, ORDER_ROWS, PROOF_ROWS } from '../helpers/authz-rows-buyer.ts';

/**
 * Issue 13, decision 0046: every buyer-side route that takes an id, tried by
 * another viewer, another producer, an anonymous caller, a stranger's session
 * and a forged token: no data, nothing changed; the owner's own call works.
 */
describeMatrix(
  'authorisation matrix: carts, orders, proofs, accounts, sessions, viewer-shows, poll answers',
  [...BUYER_ROWS, ...ORDER_ROWS, ...PROOF_ROWS, ...ACCOUNT_ROWS],
);
