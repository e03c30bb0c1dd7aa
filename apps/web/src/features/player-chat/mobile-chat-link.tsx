import { useState } from 'react';
import { chatEndpoints } from '@taquilla/contract/plain';
import { apiCall } from '../../api/client';
import { chatTexts as t } from './player-chat.texts';

type LinkState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

/**
 * The mobile chat link (001 §2 `/shows/{id}/chat?s=`): asked of the server for the
 * signed-in viewer (POST /shows/{id}/chat/link), shown to open on a phone or to copy.
 */
export function MobileChatLink({ showId, code = null }: { showId: string; code?: string | null }) {
  const [state, setState] = useState<LinkState>({ kind: 'idle' });
  const [isCopied, setIsCopied] = useState(false);

  async function create() {
    setState({ kind: 'loading' });
    try {
      const link = await apiCall(chatEndpoints.createChatLink, {
        params: { id: showId },
        ...(code ? { query: { code } } : {}),
      });
      setState({ kind: 'ready', url: new URL(link.path, window.location.origin).toString() });
    } catch (err) {
      setState({
        kind: 'failed',
        message: err instanceof Error ? err.message : t.mobile.linkFailed,
      });
    }
  }

  if (state.kind === 'ready') {
    return (
      <div className="mobile-chat-link">
        <p className="mobile-chat-link__hint">{t.mobile.linkHint}</p>
        <a className="mobile-chat-link__url" href={state.url} target="_blank" rel="noreferrer">
          {state.url}
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(state.url).then(() => setIsCopied(true));
          }}
        >
          {isCopied ? t.mobile.copied : t.mobile.copy}
        </button>
      </div>
    );
  }
  return (
    <div className="mobile-chat-link">
      <button
        type="button"
        className="button button--secondary"
        disabled={state.kind === 'loading'}
        onClick={() => void create()}
      >
        {t.mobile.link}
      </button>
      {state.kind === 'failed' && (
        <p className="mobile-chat-link__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
