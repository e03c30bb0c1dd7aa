import { ENTRY_TOO_EARLY_MESSAGE } from '@taquilla/domain';
import type { ShowStatus, StatusRefusal } from '@taquilla/domain';

/** "Mis boletos" (002 §2.1 /user/shows): every code the person activated, with its show. */
export const myShowsTexts = {
  title: 'Mis boletos',
  intro:
    'Los boletos que activaste en tu cuenta. Entra a las transmisiones desde aquí cuando comiencen; en los eventos presenciales, muestra el código QR en la entrada.',
  listLabel: 'Tus boletos activados',
  empty: 'Aún no has activado ningún boleto',
  emptyHint: 'Cuando actives el código de un boleto, aparecerá aquí con su evento.',
  activate: 'Activar un código',
  online: 'En línea',
  status: 'Estado',
  ticket: 'Boleto',
  code: 'Código',
  watch: 'Ver evento',
  loadFailed: 'No fue posible cargar tus boletos.',
  retry: 'Reintentar',
  loading: 'Cargando tus boletos…',
  /** The show's status as a ticket holder reads it. */
  statusLabels: {
    NEW: 'Próximamente',
    SOON: 'Próximamente',
    ACTIVE: 'Aún no inicia',
    STARTED: 'Iniciado',
    LIVE: 'En vivo',
    TEST: 'En prueba',
    HIDDEN: 'Transmisión inactiva',
    REPLAY: 'Repetición disponible',
    CLOSED: 'Finalizado',
    CANCELLED: 'Cancelado',
  } satisfies Record<ShowStatus, string>,
  /** Why the watch button is off, as the player would say it (002 §8). */
  refusals: {
    EVENT_NOT_STARTED: ENTRY_TOO_EARLY_MESSAGE,
    EVENT_UNAVAILABLE: 'Este evento ya no está disponible',
    STREAM_INACTIVE: 'La transmisión de este evento no está activa',
  } satisfies Record<StatusRefusal, string>,
  expired: 'Tu acceso a este evento ya venció',
  /** A place at the venue (decision 0058): its QR, where it sits and its door. */
  place: {
    label: 'Tu lugar',
    section: 'Sección',
    row: 'Fila',
    seat: 'Asiento',
    door: 'Puerta',
  },
  qrAlt: (code: string) => `Código QR del boleto ${code}`,
  showAtDoor: 'Presenta este código QR en la entrada. Llega 30 minutos antes del inicio.',
} as const;
