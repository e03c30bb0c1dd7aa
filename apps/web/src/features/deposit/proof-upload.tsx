import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { isApiError } from '../../api/client';
import { uploadProof } from './api/upload-proof';
import { esDeposit } from './es-deposit';
import { proofKind, proofProblem } from './proof-file';

const t = esDeposit.proof;

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'done'; name: string; preview: string }
  | { status: 'error'; message: string };

type ProofUploadProps = {
  showId: string;
  /** The uploaded proof's `link`, or null while there is none. */
  onLink: (link: string | null) => void;
  isDisabled?: boolean;
  /**
   * Why the server refused the proof an order named (already used by another order,
   * not an image…): shown at the field until another file is picked.
   */
  refusal?: string | null;
};

/**
 * 000 §5 Proof upload: one image, JPG or PNG, checked before it is sent; a progress bar
 * while it goes up; a preview once it is there. Picking another file replaces it. The
 * form mounts it again with the server's `refusal` when an order refused the proof.
 */
export function ProofUpload({
  showId,
  onLink,
  isDisabled = false,
  refusal = null,
}: ProofUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const labelId = useId();
  const [state, setState] = useState<UploadState>(() =>
    refusal ? { status: 'error', message: refusal } : { status: 'idle' },
  );
  const upload = useRef<AbortController | null>(null);
  const preview = state.status === 'done' ? state.preview : null;

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again after a failure must fire a change.
    event.target.value = '';
    if (!file) return;
    upload.current?.abort();
    onLink(null);
    const problem = proofProblem(file);
    const kind = proofKind(file);
    if (problem || !kind) {
      setState({ status: 'error', message: problem ?? t.invalidType });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const link = await uploadProof(
        showId,
        file,
        kind,
        (fraction) =>
          setState({ status: 'uploading', name: file.name, percent: Math.round(fraction * 100) }),
        controller.signal,
      );
      setState({ status: 'done', name: file.name, preview: URL.createObjectURL(file) });
      onLink(link);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message =
        isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : t.failed;
      setState({ status: 'error', message });
    }
  }

  const isUploading = state.status === 'uploading';
  return (
    <div className="proof">
      <div className="proof__picker">
        <span className="proof__label" id={labelId}>
          {t.label}
        </span>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-invalid={state.status === 'error' ? true : undefined}
          disabled={isDisabled || isUploading}
          onChange={(event) => void pick(event)}
        />
        <label htmlFor={inputId} className="button button--secondary proof__button">
          {state.status === 'done' ? t.change : t.choose}
        </label>
        <p className="proof__hint" id={hintId}>
          {t.hint}
        </p>
      </div>
      {state.status === 'uploading' && (
        <div className="proof__progress" role="status">
          <progress
            className="proof__bar"
            max={100}
            value={state.percent}
            aria-label={t.progressLabel}
          />
          <span>{t.uploading(state.percent)}</span>
        </div>
      )}
      {state.status === 'done' && (
        <div className="proof__done" role="status">
          <img className="proof__preview" src={state.preview} alt={t.preview} />
          <span>{t.uploaded(state.name)}</span>
        </div>
      )}
      {state.status === 'error' && (
        <p className="proof__error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
