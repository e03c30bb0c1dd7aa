import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { CHAT_LINK_TOKEN_PATTERN } from '@taquilla/contract';
import { chatEndpoints, statsEndpoints } from '@taquilla/contract/plain';
import type { ChatSession } from '@taquilla/contract';
import { apiCall, isApiError } from '../../api/client';
import { RouteLoading } from '../../components/route-loading';
import { es } from '../../i18n/es';
import { ChatPane } from './chat-pane';
import { chatTexts as t } from './player-chat.texts';
import { useChatHeight } from './use-chat-height';
import { useChatRoom } from './use-chat-room';
import './player-chat.css';

/** `message`: the server's, when it asks to wait (429); otherwise the specification's text. */
type Check =
  | { kind: 'checking' }
  | { kind: 'valid'; session: ChatSession }
  | { kind: 'invalid'; message: string | null };

function MobileChat({
  showId,
  s,
  session,
  isFramed,
}: {
  showId: string;
  s: string;
  session: ChatSession;
  isFramed: boolean;
}) {
  const room = useChatRoom({ showId, s });
  const height = useChatHeight();
  return (
    <div className={`mobile-chat${isFramed ? ' mobile-chat--framed' : ''}`}>
      {!isFramed && (
        <header className="mobile-chat__header">
          <span className="mobile-chat__brand">{es.brand}</span>
          <span className="mobile-chat__as">{t.mobile.as(session.username)}</span>
        </header>
      )}
      <ChatPane room={room} height={isFramed ? undefined : height} />
      {!isFramed && (
        <section className="mobile-chat__help" aria-label={t.mobile.help}>
          <h2>{t.mobile.help}</h2>
          <p>{t.mobile.helpText}</p>
        </section>
      )}
    </div>
  );
}

/**
 * `/shows/{id}/chat?s=` (001 §2): the chat on a phone, as the viewer the server-signed
 * link names, without a session there. `s` must be three parts and pass the server's
 * check (GET /shows/{id}/chat/session); otherwise 001 §8's text. `iframe=1` hides the
 * header and the help box.
 */
export function MobileChatPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const s = params.get('s') ?? '';
  const isFramed = params.get('iframe') === '1';
  const isWellFormed = CHAT_LINK_TOKEN_PATTERN.test(s);
  const [check, setCheck] = useState<Check>({ kind: 'checking' });

  useEffect(() => {
    document.title = es.documentTitle(t.mobile.documentTitle);
  }, []);

  useEffect(() => {
    if (!isWellFormed) return;
    const controller = new AbortController();
    setCheck({ kind: 'checking' });
    apiCall(chatEndpoints.getChatSession, {
      params: { id },
      query: { s },
      signal: controller.signal,
    }).then(
      (session) => {
        setCheck({ kind: 'valid', session });
        // 001 §3 player analytics: the mobile chat opened (a failure is only a lost report).
        apiCall(statsEndpoints.recordPlayerEvent, {
          params: { id: session.show_uid },
          body: { type: 'player', action: 'mobilechat' },
        }).catch(() => undefined);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = isApiError(err) && err.status === 429 ? err.message : null;
        setCheck({ kind: 'invalid', message });
      },
    );
    return () => controller.abort();
  }, [id, s, isWellFormed]);

  if (!isWellFormed || check.kind === 'invalid') {
    return (
      <div className="mobile-chat mobile-chat--invalid">
        <p className="mobile-chat__invalid" role="alert">
          {(check.kind === 'invalid' ? check.message : null) ?? t.mobile.invalid}
        </p>
      </div>
    );
  }
  if (check.kind === 'checking') return <RouteLoading label={t.mobile.checking} />;
  return (
    <MobileChat showId={check.session.show_uid} s={s} session={check.session} isFramed={isFramed} />
  );
}
