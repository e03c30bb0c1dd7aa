import type { Poll } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisers } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';
import { FOREIGN_TOKENS, holderOf } from '../helpers/authz-viewer-token.ts';
import type { TokenWorld } from '../helpers/authz-viewer-token.ts';
import {
  createChatShow,
  createPoll,
  guestToken,
  setChannel,
  setPollStatus,
  startChatInstances,
} from '../helpers/chat.ts';
import type { ChatInstances } from '../helpers/chat.ts';

const PASSWORD = 'Clave-Sala';
const REFUSED = {
  error: 'VIEWER_TOKEN_INVALID',
  message:
    'Para participar en el chat y las encuestas, vuelve a entrar al evento con su contraseña.',
};

/**
 * The viewer token in the authorisation matrix (decisions 0046, 0063): a token names a
 * guest of one show only. Every token of FOREIGN_TOKENS is refused for show B on each
 * entry point that reads one, and stores nothing; B's own token works there.
 */
describe('the viewer token of a password show', () => {
  let rig: ChatInstances;
  let o: Organisers;
  let w: TokenWorld;
  let poll: Poll;
  let lastAddress = 0;
  const address = () => `198.51.100.${(lastAddress += 1)}`;

  beforeAll(async () => {
    rig = await startChatInstances();
    const { a } = rig;
    o = await createOrganisers(a);
    const show = () =>
      createChatShow(a, { producerId: o.producerA, settings: { security: PASSWORD } });
    const [showA, showB] = [(await show()).id, (await show()).id];
    w = {
      t: a,
      showA,
      showB,
      genuineA: (await guestToken(a, showA, PASSWORD, address())) as string,
      genuineB: (await guestToken(a, showB, PASSWORD, address())) as string,
    };
    poll = await createPoll(a, o.producerUserA, showB, '¿Cuál?', ['Una', 'Otra']);
    expect((await setPollStatus(a, o.producerUserA, showB, poll._id, 'ACTIVE')).statusCode).toBe(
      200,
    );
  });
  afterAll(() => rig.close());

  const answerOverHttp = (token: string) =>
    w.t.app.inject({
      method: 'POST',
      url: `/shows/${w.showB}/polls/${poll._id}/answers`,
      headers: { 'x-forwarded-for': address() },
      payload: { option_uid: poll.options[0]?._id, code: PASSWORD, viewer_token: token },
    });

  for (const { note, token } of FOREIGN_TOKENS) {
    it(`refuses ${note}, on the chat, the polls and the HTTP answer`, async () => {
      const forged = token(w);
      for (const t of [rig.a, rig.b]) {
        const client = await rig.socket(t, { 'x-forwarded-for': address() });
        for (const channel of [`chats-${w.showB}`, `polls-${w.showB}`]) {
          expect(
            await setChannel(client, channel, { code: PASSWORD, viewer_token: forged }),
          ).toEqual({ type: 'error', ...REFUSED, channel });
        }
      }
      const res = await answerOverHttp(forged);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(REFUSED);
      expect(await w.t.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(0);
    });
  }

  it('never renews show A’s token for show B: B’s playback names a new guest', async () => {
    const renewed = (await guestToken(w.t, w.showB, PASSWORD, address(), w.genuineA)) as string;
    expect(holderOf(renewed)).not.toBe(holderOf(w.genuineA));
    const kept = (await guestToken(w.t, w.showB, PASSWORD, address(), w.genuineB)) as string;
    expect(holderOf(kept)).toBe(holderOf(w.genuineB));
  });

  it('accepts B’s own token on B (the positive control), once per poll', async () => {
    const client = await rig.socket(rig.b, { 'x-forwarded-for': address() });
    for (const channel of [`chats-${w.showB}`, `polls-${w.showB}`]) {
      const init = await setChannel(client, channel, { code: PASSWORD, viewer_token: w.genuineB });
      expect(init.type).toBe('init');
    }
    expect((await answerOverHttp(w.genuineB)).statusCode).toBe(201);
    expect((await answerOverHttp(w.genuineB)).statusCode).toBe(409);
  });
});
