import type {
  ChannelInit,
  Poll,
  PollAnswer,
  PollAnswerResult,
  PollNotification,
  PollResultsMessage,
} from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  chatShowWithHolders,
  createChatShow,
  createPoll,
  mark,
  nextData,
  nextError,
  setChannel,
  setPollStatus,
  startChatInstances,
} from '../../helpers/chat.ts';
import type { ChatInstances } from '../../helpers/chat.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { GUATEMALA_IP, createAccessCode, giveTicket, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

describe('polls (001 §3, §4, §7; ORGANISER-API.md)', () => {
  let rig: ChatInstances;
  let a: TestApp;
  let b: TestApp;
  let o: Organisers;
  let ana: Viewer;
  let beto: Viewer;
  let showId: string;
  let socket: ChatInstances['socket'];
  const channel = () => `polls-${showId}`;
  const organiser = (method: 'GET' | 'POST' | 'PUT', path: string, body?: object) =>
    callAs(a, o.producerUserA, method, `/admin/shows/${showId}${path}`, body);
  /** A draft poll of the show, by producer A. */
  const newPoll = (options = ['Sí', 'No', 'Tal vez'], question = '¿Les gusta?') =>
    createPoll(a, o.producerUserA, showId, question, options);
  const setStatus = (pollId: string, status: 'ACTIVE' | 'CLOSED') =>
    setPollStatus(a, o.producerUserA, showId, pollId, status);
  const answer = (client: RealtimeClient, poll: Poll, option: number) =>
    client.send({
      action: 'sendPollAnswer',
      channel_id: channel(),
      data: { poll_uid: poll._id, option_uid: poll.options[option]?._id, username: 'Otro' },
    });

  beforeAll(async () => {
    rig = await startChatInstances();
    ({ a, b, socket } = rig);
    ({
      organisers: o,
      showId,
      holders: [ana, beto],
    } = await chatShowWithHolders(a, ['ENCU23', 'ENCU24']));
  });
  afterAll(() => rig.close());

  it('creates drafts with 2 to 10 different options, and refuses the rest naming the field', async () => {
    const poll = await newPoll();
    expect(poll).toMatchObject({ question: '¿Les gusta?', total: 0, config: { status: 'DRAFT' } });
    expect(poll.results.map((r) => [r.text, r.count, r.percent])).toEqual([
      ['Sí', 0, 0],
      ['No', 0, 0],
      ['Tal vez', 0, 0],
    ]);
    for (const options of [
      ['Solo una'],
      ['Igual', 'igual'],
      Array.from({ length: 11 }, (_, i) => `${i}`),
    ]) {
      const res = await organiser('POST', '/polls', { question: '¿?', options });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json())).toContain('options');
    }
    const other = await callAs(a, o.producerUserB, 'POST', `/admin/shows/${showId}/polls`, {
      question: '¿?',
      options: ['a', 'b'],
    });
    expect(other.statusCode).toBe(404);
  });

  it('activates one poll at a time, announces it on every instance, and closes it', async () => {
    const listener = await socket(b, beto.headers);
    expect((await setChannel(listener, channel())).type).toBe('init');
    const first = await newPoll(['Rojo', 'Azul'], '¿Color?');
    const second = await newPoll(['Uno', 'Dos'], '¿Número?');
    const res = await setStatus(first._id, 'ACTIVE');
    expect(res.statusCode, res.body).toBe(200);
    const notice = await nextData<PollNotification>(
      listener,
      channel(),
      (d) => d.type === 'poll-notification',
    );
    expect(notice).toMatchObject({
      status: 'ACTIVE',
      poll: { _id: first._id, question: '¿Color?' },
    });

    const clash = await setStatus(second._id, 'ACTIVE');
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      error: 'POLL_ALREADY_ACTIVE',
      message: 'Ya hay una encuesta activa en este evento: ciérrala antes de activar otra',
    });

    const since = mark(listener);
    expect((await setStatus(first._id, 'CLOSED')).statusCode).toBe(200);
    expect(
      await nextData<PollNotification>(
        listener,
        channel(),
        (d) => d.type === 'poll-notification',
        since,
      ),
    ).toMatchObject({ status: 'CLOSED', poll: { _id: first._id } });
    const audit = await a.database.db.auditLog.count({
      where: { action: 'poll.status', entityId: first._id },
    });
    expect(audit).toBe(2);
  });

  it('refuses to activate a poll while the show’s polls are off', async () => {
    const show = await createChatShow(a, { producerId: o.producerA, settings: { polls: false } });
    const poll = await createPoll(a, o.producerUserA, show.id, '¿?', ['a', 'b']);
    const activate = await setPollStatus(a, o.producerUserA, show.id, poll._id, 'ACTIVE');
    expect(activate.statusCode).toBe(409);
    expect(activate.json()).toMatchObject({ error: 'POLLS_DISABLED' });
  });

  it('takes one answer per viewer and pushes results with count and percent to every instance', async () => {
    const poll = await newPoll(['Marimba', 'Rock', 'Son'], '¿Qué género?');
    expect((await setStatus(poll._id, 'ACTIVE')).statusCode).toBe(200);
    const anaSocket = await socket(a, ana.headers);
    const betoSocket = await socket(b, beto.headers);
    const init = (await setChannel(anaSocket, channel())) as ChannelInit;
    expect(init).toMatchObject({ messages: [], poll: { _id: poll._id }, pollAnswered: false });
    await setChannel(betoSocket, channel());

    answer(anaSocket, poll, 0);
    const own = await nextData<PollResultsMessage>(
      anaSocket,
      channel(),
      (d) => d.type === 'poll-results',
    );
    expect(own).toMatchObject({ poll_uid: poll._id, total: 1 });
    answer(betoSocket, poll, 1);
    const seen = await nextData<PollResultsMessage>(
      anaSocket,
      channel(),
      (d) => d.type === 'poll-results' && d.total === 2,
    );
    expect(seen.results.map((r) => [r.text, r.count, r.percent])).toEqual([
      ['Marimba', 1, 50],
      ['Rock', 1, 50],
      ['Son', 0, 0],
    ]);

    const since = mark(anaSocket);
    answer(anaSocket, poll, 2);
    expect(await nextError(anaSocket, channel(), since)).toEqual({
      type: 'error',
      error: 'POLL_ALREADY_ANSWERED',
      message: 'Ya respondiste esta encuesta',
      channel: channel(),
    });
    const http = await callAs(a, ana, 'POST', `/shows/${showId}/polls/${poll._id}/answers`, {
      option_uid: poll.options[2]?._id,
    });
    expect(http.statusCode).toBe(409);
    expect(http.json()).toEqual({
      error: 'POLL_ALREADY_ANSWERED',
      message: 'Ya respondiste esta encuesta',
    });
    expect(await a.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(2);

    const rejoin = (await setChannel(await socket(a, ana.headers), channel())) as ChannelInit;
    expect(rejoin.pollAnswered).toBe(true);
    expect(rejoin.poll?.results[0]).toMatchObject({ count: 1, percent: 50 });
    expect((await setStatus(poll._id, 'CLOSED')).statusCode).toBe(200);
  });

  it('answers over HTTP with percent to two decimals, and refuses closed polls and foreign options', async () => {
    const poll = await newPoll(['A', 'B'], '¿Tres?');
    await setStatus(poll._id, 'ACTIVE');
    const carla = await signedInViewer(a);
    await giveTicket(a, carla, showId, 'ENCU25');
    const url = `/shows/${showId}/polls/${poll._id}/answers`;
    const first = await callAs(a, ana, 'POST', url, { option_uid: poll.options[0]?._id });
    await callAs(a, beto, 'POST', url, { option_uid: poll.options[1]?._id });
    const third = await callAs(a, carla, 'POST', url, { option_uid: poll.options[1]?._id });
    expect(first.statusCode, first.body).toBe(201);
    const result = third.json() as PollAnswerResult;
    expect(result.answer).toMatchObject({
      user_uid: carla.userId,
      option_text: 'B',
      poll_uid: poll._id,
    });
    expect(result.poll.results.map((r) => r.percent)).toEqual([33.33, 66.67]);

    const noTicket = await callAs(a, o.viewer, 'POST', url, { option_uid: poll.options[0]?._id });
    expect(noTicket.json()).toMatchObject({ error: 'TICKET_REQUIRED' });
    const dave = await signedInViewer(a);
    await giveTicket(a, dave, showId, 'ENCU26');
    const otherPoll = await newPoll(['P', 'Q'], '¿Otra?');
    const foreign = await callAs(a, dave, 'POST', url, { option_uid: otherPoll.options[0]?._id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ error: 'POLL_OPTION_INVALID' });
    await setStatus(poll._id, 'CLOSED');
    const late = await callAs(a, dave, 'POST', url, { option_uid: poll.options[0]?._id });
    expect(late.json()).toEqual({
      error: 'POLL_NOT_ACTIVE',
      message: 'Esta encuesta ya no está activa',
    });
  });

  it('lets a no-login viewer answer once with the code, by socket or by HTTP', async () => {
    const show = await createChatShow(a, { producerId: o.producerA, settings: { nologin: true } });
    await createAccessCode(a, show.id, { code: 'VOTO2345' });
    const poll = await createPoll(a, o.producerUserA, show.id, '¿Bis?', ['Sí', 'No']);
    await setPollStatus(a, o.producerUserA, show.id, poll._id, 'ACTIVE');
    const url = `/shows/${show.id}/polls/${poll._id}/answers`;
    const headers = { 'x-forwarded-for': GUATEMALA_IP };
    const body = (code: string) => ({ option_uid: poll.options[0]?._id, code });
    const wrong = await a.app.inject({ method: 'POST', url, headers, payload: body('MALO2345') });
    expect(wrong.json()).toMatchObject({ error: 'ACCESS_CODE_INVALID' });
    const ok = await a.app.inject({ method: 'POST', url, headers, payload: body('voto2345') });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as PollAnswerResult).answer).toMatchObject({ user_uid: null });
    const again = await a.app.inject({ method: 'POST', url, headers, payload: body('VOTO2345') });
    expect(again.statusCode).toBe(409);
  });

  it('answers a user’s own answer only: another user’s id is 403 whether or not they answered', async () => {
    const poll = await newPoll(['X', 'Y'], '¿Propia?');
    await setStatus(poll._id, 'ACTIVE');
    await callAs(a, beto, 'POST', `/shows/${showId}/polls/${poll._id}/answers`, {
      option_uid: poll.options[1]?._id,
    });
    const own = (who: Viewer, userId: string) =>
      callAs(a, who, 'GET', `/shows/${showId}/polls/${poll._id}/answers/${userId}`);

    const mine = await own(beto, beto.userId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json() as PollAnswer).toMatchObject({ user_uid: beto.userId, option_text: 'Y' });
    const peek = await own(ana, beto.userId);
    expect(peek.statusCode).toBe(403);
    expect(peek.body).not.toContain('option');
    expect((await own(beto, ana.userId)).statusCode).toBe(403);
    const none = await own(ana, ana.userId);
    expect(none.json()).toEqual({
      error: 'POLL_ANSWER_NOT_FOUND',
      message: 'No has respondido esta encuesta',
    });
    const anonymous = await a.app.inject({
      method: 'GET',
      url: `/shows/${showId}/polls/${poll._id}/answers/${beto.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    await setStatus(poll._id, 'CLOSED');
  });
});
