import { Component, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Show } from '@taquilla/contract';
import { landingTexts } from './landing.texts';

const t = landingTexts.preview;

/**
 * The landing page drawn from a show (the show feature's `LandingPreview` with its
 * parts, composed in by the route table: features never import each other).
 */
export type LandingPreviewComponent = ComponentType<{ show: Show }>;

const FRAME_MARK = 'data-landing-preview';
/** The frame's document: Spanish, with the site's address as its base (as srcdoc has). */
const FRAME_DOCUMENT = `<!doctype html><html lang="es"><head><meta charset="utf-8"></head><body ${FRAME_MARK}></body></html>`;

const MIRRORED = 'link[rel="stylesheet"], style';

/**
 * The console's styles copied into the frame, in their order, and kept so: a lazy
 * page's stylesheet arriving later is added, one removed goes, and a style element
 * whose text changes (Vite's updates in development) is copied again.
 */
function mirrorStyles(from: Document, to: Document): () => void {
  const clones = new Map<Element, Element>();
  const sync = () => {
    const current = Array.from(from.head.querySelectorAll(MIRRORED));
    for (const [original, clone] of clones) {
      if (current.includes(original)) continue;
      clone.remove();
      clones.delete(original);
    }
    for (const original of current) {
      const clone = clones.get(original);
      if (!clone) {
        const copy = original.cloneNode(true) as Element;
        to.head.appendChild(copy);
        clones.set(original, copy);
      } else if (original.tagName === 'STYLE' && clone.textContent !== original.textContent) {
        clone.textContent = original.textContent;
      }
    }
  };
  sync();
  const observer = new MutationObserver(sync);
  observer.observe(from.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

/**
 * The preview shows, it does not act: a link does not leave the editor (its unsaved
 * edits would be lost) and a form does not send. Stopped at the frame's document,
 * before React sees them, so no submit reaches the show's form around the preview.
 */
function stopActions(doc: Document): () => void {
  const onClick = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
}

/** A template that throws on a half-typed draft shows a message, not a broken editor. */
class PreviewBoundary extends Component<
  { resetKey: unknown; children: ReactNode },
  { failed: boolean; key: unknown }
> {
  override state = { failed: false, key: this.props.resetKey };

  /** A new draft may draw again. */
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { key: unknown }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <p className="landing-editor__failed">{t.failed}</p>;
    return this.props.children;
  }
}

/**
 * The live preview (decision 0042): the real landing template with the draft, in a
 * frame of its own. The frame's width is the template's window, so its layout is the
 * one a phone gets beside the form and below it; the page's h1, title and landmarks
 * stay in the frame's document, and the console's styles do not leak into it nor it
 * into the console. React renders into the frame through a portal, so the template
 * keeps the console's router, session and query contexts.
 */
export function LandingPreviewFrame({
  show,
  Preview,
}: {
  show: Show;
  Preview: LandingPreviewComponent;
}) {
  const headingId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let release = () => {};
    const attach = () => {
      const doc = element.contentDocument;
      // The frame's own document, not the blank one a browser shows before it.
      if (!doc?.body?.hasAttribute(FRAME_MARK)) return;
      release();
      const stopMirror = mirrorStyles(document, doc);
      const allowActions = stopActions(doc);
      release = () => {
        stopMirror();
        allowActions();
      };
      setBody(doc.body);
    };
    attach();
    element.addEventListener('load', attach);
    return () => {
      element.removeEventListener('load', attach);
      release();
    };
  }, []);

  return (
    <section className="landing-editor__preview" aria-labelledby={headingId}>
      <h3 className="landing-editor__preview-title" id={headingId}>
        {t.title}
      </h3>
      <p className="settings-group__note">{t.note}</p>
      <iframe
        ref={frame}
        className="landing-editor__frame"
        title={t.frame}
        srcDoc={FRAME_DOCUMENT}
      />
      {body &&
        createPortal(
          <PreviewBoundary resetKey={show}>
            <Suspense fallback={<p role="status">{t.loading}</p>}>
              <Preview show={show} />
            </Suspense>
          </PreviewBoundary>,
          body,
        )}
    </section>
  );
}
