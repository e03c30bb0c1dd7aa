/** The access codes page's words (/admin/shows/:id/access-codes). */
export const accessCodesTexts = {
  section: 'Códigos de acceso',
  notApplicable: {
    title: 'Este evento no usa códigos de acceso',
    message:
      'Los códigos de acceso solo sirven para eventos sin inicio de sesión o con contraseña: cada código abre el reproductor sin cuenta. Este evento se ve con boleto o con la cuenta del espectador. Para usar códigos, activa «Sin inicio de sesión» o una contraseña en la configuración del evento.',
    settings: 'Ir a la configuración del evento',
  },
  mode: {
    nologin: 'Evento sin inicio de sesión: cada código abre el reproductor.',
    password:
      'Evento con contraseña: además de la contraseña, cada código abre el reproductor para una persona.',
  },
  generate: {
    title: 'Generar códigos',
    quantity: 'Cantidad de códigos',
    quantityHint: (max: number) => `De 1 a ${max} por vez.`,
    expires: 'Vencen el (opcional)',
    expiresHint: 'Sin fecha, los códigos no vencen.',
    submit: 'Generar códigos',
    busy: 'Generando…',
    done: (n: number) => (n === 1 ? 'Se generó 1 código.' : `Se generaron ${n} códigos.`),
  },
  list: {
    title: 'Códigos generados',
    download: 'Descargar CSV',
    empty: 'Todavía no hay códigos para este evento.',
    caption: 'Códigos de acceso del evento, los más nuevos primero',
    code: 'Código',
    state: 'Estado',
    expires: 'Vence',
    used: 'Uso',
    created: 'Creado',
    active: 'Vigente',
    inactive: 'Vencido o revocado',
    never: 'No vence',
    unused: 'Sin usar',
    usedAt: (when: string) => `Usado desde ${when}`,
    usedNote:
      'Un código cuenta como usado cuando su reproductor reportó estar viendo (cada 3 minutos de transmisión).',
  },
} as const;
