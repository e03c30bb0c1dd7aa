// Consumidor Final: the buyer asks for no tax identification on the invoice.
export const NIT_FINAL_CONSUMER = 'C/F';
export const NIT_MIN_LENGTH = 8;
export const NIT_MAX_LENGTH = 12;
export const NIT_INVALID_MESSAGE = 'NIT inválido. Por favor verifica el formato o usa C/F.';

function compact(value: string): string {
  return value.replace(/\s+/g, '');
}

function isFinalConsumer(compacted: string): boolean {
  const upper = compacted.toUpperCase();
  return upper === 'C/F' || upper === 'CF';
}

/**
 * The specification's check is deliberately loose (000 §5): length only, no mod-11 check
 * digit, because buyers write their NIT with or without the hyphen before that digit and
 * the invoice issuer validates it anyway.
 */
export function isValidNit(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const compacted = compact(value);
  if (isFinalConsumer(compacted)) return true;
  return compacted.length >= NIT_MIN_LENGTH && compacted.length <= NIT_MAX_LENGTH;
}

/** The form a valid NIT is stored in: no spaces, upper case, final consumer always "C/F". */
export function normalizeNit(value: string): string {
  const compacted = compact(value);
  return isFinalConsumer(compacted) ? NIT_FINAL_CONSUMER : compacted.toUpperCase();
}
