import { OPEN_SECTION_MAX } from '@taquilla/domain';
import { holdResultRowSchema } from '@taquilla/contract';
import type { HoldRequest, HoldResultRow } from '@taquilla/contract';
import pg from 'pg';
import { AppError, invalidField } from '../../errors.ts';
import { isLockTimeout, raisedCode, rows } from '../../infra/pg.ts';
import type { Pg } from '../../infra/pg.ts';
import { withSpan } from '../../infra/tracing.ts';

/** How long a cart write waits for another's lock on the same cart or ticket before "busy". */
export const CART_LOCK_TIMEOUT = '2s';

/**
 * The guard of "one producer per cart" (decision 0062) is the foreign key (cart,
 * producer) → the cart's (id, producer): a line of another producer's show than the
 * lines already held is refused by the database at its insert.
 */
export const OTHER_PRODUCER_KEY = 'cart_items_cart_id_producer_id_fkey';

const HOLD = { name: 'inventory.hold', text: 'SELECT taquilla_hold($1::jsonb) AS h' };
const HOLD_SPAN = { 'db.system.name': 'postgresql', 'db.operation.name': 'taquilla_hold' };

/** A refusal `taquilla_hold` raised (`taquilla:CODE[:argument]`), as the API's error. */
function refusalOf(raised: string, request: Pick<HoldRequest, 'lines'>): AppError | null {
  const [code = '', argument = ''] = raised.split(':');
  const index = Number(argument);
  switch (code) {
    case 'FORBIDDEN':
    case 'HOLD_LIMIT_REACHED':
    case 'SEAT_NOT_FOUND':
    case 'SECTION_TYPE_UNSUPPORTED':
    case 'SEAT_UNAVAILABLE':
      return new AppError(code);
    case 'CURRENCY_MISMATCH':
      return invalidField('currency', 'El carrito ya tiene boletos en otra moneda');
    case 'LINE_MAX': {
      const max = request.lines.find((line) => line.index === index)?.max;
      return invalidField(
        `items.${index}.quantity`,
        `Puedes reservar hasta ${max} boletos de este tipo`,
      );
    }
    case 'OPEN_MAX':
      return invalidField(`items.${index}.quantity`, `Máximo ${OPEN_SECTION_MAX} por sección`);
    case 'SEAT_OTHER_TICKET':
      return invalidField(`items.${index}.ticket_uid`, 'El asiento no se vende con este boleto');
    case 'NOT_ENOUGH_AVAILABLE':
      return new AppError('NOT_ENOUGH_AVAILABLE', {
        message:
          index > 0
            ? `No hay suficientes boletos disponibles: quedan ${index}`
            : 'No hay boletos disponibles',
      });
    default:
      return null;
  }
}

/**
 * Holds a request's places in one call (`taquilla_hold`, decision 0078): all of them or
 * none. A lock wait past the timeout answers 409 CART_BUSY (never a deadlock); a line of
 * another producer than the cart's, CART_OTHER_PRODUCER; a seat taken by a racing cart,
 * SEAT_UNAVAILABLE. Nothing is half-written: any refusal rolls the whole call back.
 */
export async function holdPlaces(
  db: Pg,
  request: Omit<HoldRequest, 'lockTimeout'>,
): Promise<HoldResultRow> {
  const call: HoldRequest = { ...request, lockTimeout: CART_LOCK_TIMEOUT };
  try {
    const [row] = await withSpan('inventory hold', HOLD_SPAN, () =>
      rows<{ h: unknown }>(db, HOLD, [JSON.stringify(call)]),
    );
    return holdResultRowSchema.parse(row?.h);
  } catch (err) {
    const raised = raisedCode(err);
    const refusal = raised === null ? null : refusalOf(raised, request);
    if (refusal) throw refusal;
    if (isLockTimeout(err)) throw new AppError('CART_BUSY', { cause: err });
    if (err instanceof pg.DatabaseError) {
      if (err.constraint === OTHER_PRODUCER_KEY) {
        throw new AppError('CART_OTHER_PRODUCER', { cause: err });
      }
      if (err.code === '23505') throw new AppError('SEAT_UNAVAILABLE', { cause: err });
    }
    throw err;
  }
}
