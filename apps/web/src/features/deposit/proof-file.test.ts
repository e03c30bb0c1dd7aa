import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, proofKind, proofProblem } from './proof-file';

describe('deposit proof file (000 §5 Proof upload)', () => {
  it('takes a JPG or a PNG by its type, or by its extension when the browser gives no type', () => {
    expect(proofKind({ name: 'a.jpeg', type: 'image/jpeg' })?.extension).toBe('jpg');
    expect(proofKind({ name: 'boleta', type: 'image/png' })?.contentType).toBe('image/png');
    expect(proofKind({ name: 'FOTO.JPG', type: '' })?.contentType).toBe('image/jpeg');
    expect(proofKind({ name: 'foto.heic', type: 'image/heic' })).toBeNull();
    expect(proofKind({ name: 'boleta.png', type: 'application/pdf' })).toBeNull();
    expect(proofKind({ name: 'boleta.pdf', type: '' })).toBeNull();
  });

  it('says why a file cannot be the proof: its kind first, then its size', () => {
    const png = { name: 'a.png', type: 'image/png' };
    expect(proofProblem({ ...png, size: PROOF_MAX_BYTES })).toBeNull();
    expect(proofProblem({ ...png, size: PROOF_MAX_BYTES + 1 })).toBe(
      'El archivo es demasiado grande: el máximo es 5 MB',
    );
    expect(proofProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      'El comprobante debe ser una imagen JPG o PNG',
    );
  });
});
