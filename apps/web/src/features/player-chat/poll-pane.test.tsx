import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { FakeWebSocket } from '../../test/fake-websocket';
import { buildShow } from '../../test/show-factory';
import { ChatPollPanes } from './chat-poll-panes';
import { PollPane } from './poll-pane';
import { CHAT, POLLS, SHOW_ID, buildPoll, joinedSocket, push } from './test/chat-harness';
import { usePollRoom } from './use-poll-room';

const NONE = 'Lo sentimos, no hay ninguna encuesta activa en este momento';

function Polls({ readOnly = false }: { readOnly?: boolean }) {
  const room = usePollRoom({ showId: SHOW_ID });
  return <PollPane room={room} readOnly={readOnly} />;
}

const init = (poll: ReturnType<typeof buildPoll> | null, pollAnswered = false) => ({
  type: 'init',
  messages: [],
  poll,
  pollAnswered,
});
const results = () =>
  within(screen.getByRole('list', { name: 'Resultados' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('PollPane (001 §2, §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says there is no active poll in the specification’s words', async () => {
    render(<Polls />);
    const socket = await joinedSocket(POLLS);
    push(socket, POLLS, init(null));
    expect(screen.getByText(NONE)).toBeTruthy();
  });

  it('asks the question, sends the chosen option once, and shows results with count and percent to two decimals', async () => {
    render(<Polls />);
    const socket = await joinedSocket(POLLS);
    const poll = buildPoll(['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango']);
    push(socket, POLLS, init(poll));
    expect(screen.getByRole('heading').textContent).toBe(poll.question);
    const vote = screen.getByRole('button', { name: 'Votar' });
    expect(vote.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Ferrocarril de los Altos' }));
    fireEvent.click(vote);
    expect(socket.actions('sendPollAnswer')).toEqual([
      {
        action: 'sendPollAnswer',
        channel_id: POLLS,
        data: { poll_uid: poll._id, option_uid: poll.options[1]?._id },
      },
    ]);
    expect(screen.queryByRole('radio')).toBeNull();

    const counted = buildPoll(
      ['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango'],
      [1, 2, 0],
    );
    push(socket, POLLS, {
      type: 'poll-results',
      poll_uid: poll._id,
      results: counted.results.map((r, i) => ({ ...r, id: poll.options[i]?._id })),
      total: 3,
    });
    expect(results()).toEqual([
      'Luna de Xelajú1 voto · 33.33 %',
      'Ferrocarril de los Altos2 votos · 66.67 %',
      'Chichicastenango0 votos · 0.00 %',
    ]);
    expect(screen.getByText('3 respuestas')).toBeTruthy();
  });

  it('shows results at once to a viewer who already answered, and clears the poll when it closes', async () => {
    render(<Polls />);
    const socket = await joinedSocket(POLLS);
    const poll = buildPoll(['Sí', 'No'], [3, 1]);
    push(socket, POLLS, init(poll, true));
    expect(results()).toEqual(['Sí3 votos · 75.00 %', 'No1 voto · 25.00 %']);
    push(socket, POLLS, { type: 'poll-notification', status: 'CLOSED', poll });
    expect(screen.getByText(NONE)).toBeTruthy();
  });

  it('keeps a start or an end that came ahead of init over the init’s older poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Polls />);
    const socket = await joinedSocket(POLLS);
    // A poll started after the hub read the active one: its news comes before the init.
    const started = buildPoll(['Sí', 'No']);
    push(socket, POLLS, { type: 'poll-notification', status: 'ACTIVE', poll: started });
    push(socket, POLLS, init(null));
    expect(screen.getByRole('heading').textContent).toBe(started.question);
    expect(screen.getAllByRole('radio')).toHaveLength(2);

    // Joined again: the answered poll closed after the read.
    act(() => socket.drop());
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(socket);
    await joinedSocket(POLLS);
    push(again, POLLS, { type: 'poll-notification', status: 'CLOSED', poll: started });
    push(again, POLLS, init(started, true));
    expect(screen.getByText(NONE)).toBeTruthy();
  });

  it('puts the options back when the hub refuses the answer, with its text', async () => {
    render(<Polls />);
    const socket = await joinedSocket(POLLS);
    const poll = buildPoll();
    push(socket, POLLS, init(poll));
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    fireEvent.click(screen.getByRole('button', { name: 'Votar' }));
    act(() => socket.refuse(POLLS, 'POLL_NOT_ACTIVE', 'Esta encuesta ya no está activa'));
    expect(screen.getByRole('alert').textContent).toBe('Esta encuesta ya no está activa');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('hides answering in read-only mode', async () => {
    render(<Polls readOnly />);
    const socket = await joinedSocket(POLLS);
    push(socket, POLLS, init(buildPoll(['Sí', 'No'], [1, 1])));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Votar' })).toBeNull();
    expect(results()).toEqual(['Sí1 voto · 50.00 %', 'No1 voto · 50.00 %']);
  });
});

describe('ChatPollPanes: the two toggles (001 §2)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const liveShow = (settings: Partial<Show['settings']>, status: Show['status'] = 'LIVE') => {
    const base = buildShow({ _id: SHOW_ID, status });
    return { ...base, settings: { ...base.settings, ...settings } };
  };
  const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

  it('shows one pane at a time, marks a new poll on its toggle and clears the mark when opened', async () => {
    render(<ChatPollPanes show={liveShow({ chat_visible: true, polls: true })} />);
    const socket = await joinedSocket(POLLS);
    await joinedSocket(CHAT);
    expect(toggle('Chat').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Chat en vivo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Encuesta' })).toBeNull();

    push(socket, POLLS, init(null));
    push(socket, POLLS, { type: 'poll-notification', status: 'ACTIVE', poll: buildPoll() });
    expect(toggle('Encuestas').textContent).toContain('Nueva encuesta');

    fireEvent.click(toggle('Encuestas'));
    expect(toggle('Encuestas').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Chat en vivo' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Encuesta' })).toBeTruthy();
    fireEvent.click(toggle('Chat'));
    expect(toggle('Encuestas').textContent).not.toContain('Nueva encuesta');
  });

  it('leaves the chat out when it is not visible (001 §4) and shows nothing without chat or polls', async () => {
    const { unmount } = render(
      <ChatPollPanes show={liveShow({ chat_visible: false, polls: true })} />,
    );
    await joinedSocket(POLLS);
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Encuesta' })).toBeTruthy();
    expect(
      FakeWebSocket.latest()
        .actions('setChannel')
        .map((m) => m.channel_id),
    ).toEqual([POLLS]);
    unmount();

    const { container } = render(
      <ChatPollPanes show={liveShow({ chat_visible: true, polls: false }, 'REPLAY')} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
