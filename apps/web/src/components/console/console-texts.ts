import type { ShowStatus } from '@taquilla/domain';

/** The words every console page shares (the organiser console is Spanish only). */
export const consoleTexts = {
  title: 'Consola',
  navLabel: 'Consola del organizador',
  nav: {
    home: 'Inicio',
    shows: 'Eventos',
    orders: 'Órdenes',
    deposits: 'Depósitos por revisar',
    promoCodes: 'Códigos promocionales',
    door: 'Puerta',
    accounts: 'Cuentas',
    audit: 'Bitácora',
  },
  showTabs: {
    label: 'Secciones del evento',
    general: 'General',
    tickets: 'Boletos',
    map: 'Mapa',
    accessCodes: 'Códigos de acceso',
    live: 'En vivo',
    report: 'Reporte',
  },
  /** The spec's ten statuses, named as an organiser thinks of them. */
  showStatus: {
    NEW: 'Borrador',
    SOON: 'Próximamente',
    ACTIVE: 'A la venta',
    STARTED: 'Iniciado',
    LIVE: 'En vivo',
    TEST: 'Prueba',
    HIDDEN: 'Oculto',
    REPLAY: 'Repetición',
    CLOSED: 'Cerrado',
    CANCELLED: 'Cancelado',
  } satisfies Record<ShowStatus, string>,
  pager: {
    label: 'Paginación',
    previous: 'Anterior',
    next: 'Siguiente',
    summary: (from: number, to: number, total: number) =>
      total === 0 ? 'Sin resultados' : `${from}–${to} de ${total}`,
  },
  confirm: {
    cancel: 'Volver',
    close: 'Cerrar',
    busy: 'Procesando…',
  },
  loading: 'Cargando…',
  empty: 'No hay nada que mostrar todavía.',
  backToShows: 'Volver a eventos',
} as const;
