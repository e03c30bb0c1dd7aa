/** The door check-in page's words (Spanish, "tú" as the rest of the site). */
export const doorTexts = {
  title: 'Puerta',
  subtitle: 'Escanea el QR del boleto o escribe su código para marcar el ingreso.',
  show: {
    label: 'Evento de esta puerta',
    choose: 'Elige el evento…',
    none: 'No tienes eventos a la venta o en curso.',
    loadError: 'No pudimos cargar tus eventos.',
    retry: 'Reintentar',
  },
  attendance: {
    label: 'Asistencia',
    count: (checkedIn: number, total: number) => `${checkedIn} de ${total} ingresaron`,
    loading: 'Contando…',
    recent: 'Últimos ingresos',
    none: 'Nadie ha ingresado todavía.',
    /** After the name of one who came in and whose order was cancelled or refunded since. */
    voided: 'Anulado',
  },
  camera: {
    section: 'Cámara',
    start: 'Escanear con la cámara',
    stop: 'Detener la cámara',
    starting: 'Abriendo la cámara…',
    video: 'Vista de la cámara',
    hint: 'Apunta al código QR del boleto. Cada boleto se marca una sola vez.',
    denied:
      'No tenemos permiso para usar la cámara. Permítelo en tu navegador o escribe el código.',
    missing: 'No encontramos una cámara en este dispositivo. Escribe el código.',
    insecure: 'La cámara solo funciona en una conexión segura (https). Escribe el código.',
    failed: 'No pudimos abrir la cámara. Escribe el código.',
    notTicket: 'Este QR no es un boleto',
  },
  typed: {
    section: 'Escribir el código',
    label: 'Código del boleto',
    hint: '6 letras o números, como aparece bajo el QR.',
    submit: 'Validar código',
    busy: 'Validando…',
  },
  result: {
    admitted: 'Adelante',
    refused: 'No puede ingresar',
    code: (code: string) => `Código ${code}`,
    order: (orderNumber: number) => `Orden #${orderNumber}`,
    section: (name: string) => `Sección ${name}`,
    row: (name: string) => `Fila ${name}`,
    seat: (name: string) => `Asiento ${name}`,
    // As typed ("Puerta 1", "Norte"), after the words the buyer's badges use (decision 0055).
    door: (name: string) => `Ingreso por ${name}`,
    network: 'Sin conexión con el servidor: intenta de nuevo.',
  },
} as const;
