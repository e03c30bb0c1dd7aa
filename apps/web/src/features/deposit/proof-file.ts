import { esDeposit } from './es-deposit';

/** 000 §5 Proof upload, decision 0019: the server refuses anything past 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

export type ProofKind = { extension: 'jpg' | 'png'; contentType: 'image/jpeg' | 'image/png' };

const JPG: ProofKind = { extension: 'jpg', contentType: 'image/jpeg' };
const PNG: ProofKind = { extension: 'png', contentType: 'image/png' };

/**
 * JPG or PNG by the type the browser reports, or by the name's extension when it reports
 * none (some phones). The server checks the bytes again; this spares a pointless upload.
 */
export function proofKind(file: { name: string; type: string }): ProofKind | null {
  const type = file.type.toLowerCase();
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return JPG;
  if (type === 'image/png') return PNG;
  if (type !== '') return null;
  if (/\.jpe?g$/i.test(file.name)) return JPG;
  if (/\.png$/i.test(file.name)) return PNG;
  return null;
}

/** Why a picked file cannot be the proof, in Spanish; null when it can. */
export function proofProblem(file: { name: string; type: string; size: number }): string | null {
  if (!proofKind(file)) return esDeposit.proof.invalidType;
  if (file.size > PROOF_MAX_BYTES) return esDeposit.proof.tooLarge;
  return null;
}
