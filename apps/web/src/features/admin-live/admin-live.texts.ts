import type { ChatState, LiveEventsBlock, ShowEventStatus } from '@taquilla/domain';

/** The live control room's words (/admin/shows/:id/live). */
export const liveTexts = {
  section: 'En vivo',
  controls: {
    title: 'Transmisión',
    status: 'Estado del evento',
    current: 'Último evento enviado',
    none: 'Todavía no se ha enviado ningún evento.',
    sentAt: (time: string) => `Enviado a las ${time}`,
    notPublished:
      'El evento quedó guardado, pero no llegó a los reproductores abiertos. Envíalo de nuevo.',
    sent: (label: string) => `Enviado: ${label}.`,
  },
  /** What each event is called on its button and in "Último evento". */
  events: {
    start: 'Iniciar',
    restart: 'Reiniciar',
    issues: 'Problemas técnicos',
    curtain: 'Telón',
    end: 'Terminar',
  } satisfies Record<ShowEventStatus, string>,
  eventHints: {
    start: 'Abre la transmisión para todos los reproductores.',
    restart: 'Vuelve a cargar el video en todos los reproductores.',
    issues: 'Registra un problema técnico; los reproductores no cambian.',
    curtain: 'Cubre el video con un mensaje o con un video en bucle.',
    end: 'Cierra la transmisión y muestra la pantalla de fin.',
  } satisfies Record<ShowEventStatus, string>,
  /** Beside each event button the show's status disables (decision 0059). */
  eventsBlocked: {
    draft: 'No disponible: el evento está en borrador.',
    over: 'No disponible: el evento terminó.',
    cancelled: 'No disponible: el evento está cancelado.',
  } satisfies Record<LiveEventsBlock, string>,
  /** Once above the disabled buttons: what would enable them. */
  eventsBlockedHelp: {
    draft: 'Para transmitir, publica el evento: cambia su estado en la pestaña General.',
    over: 'Para volver a transmitir, cambia el estado del evento en la pestaña General.',
    cancelled:
      'Un evento cancelado no se transmite; si se reprograma, cambia su estado en la pestaña General.',
  } satisfies Record<LiveEventsBlock, string>,
  /** The last event, described. */
  describe: {
    start: 'Transmisión iniciada',
    restart: 'Transmisión reiniciada',
    issues: 'Problemas técnicos',
    curtainStatic: (message: string) => `Telón con mensaje: «${message}»`,
    curtainVideo: 'Telón con video en bucle',
    end: 'Transmisión terminada',
  },
  confirmRestart: {
    title: '¿Reiniciar la transmisión?',
    message:
      'Todos los reproductores vuelven a cargar el video: quienes estén viendo perderán unos segundos.',
    confirm: 'Reiniciar',
  },
  confirmEnd: {
    title: '¿Terminar la transmisión?',
    message:
      'Los reproductores muestran la pantalla de fin y el chat se cierra. El evento pasa a Repetición si tiene video bajo demanda; si no, se cierra.',
    confirm: 'Terminar transmisión',
  },
  curtain: {
    title: 'Telón',
    type: 'Qué muestra el telón',
    static: 'Un mensaje',
    video: 'Un video en bucle',
    message1: 'Mensaje principal',
    message2: 'Segundo mensaje (opcional)',
    videoUrl: 'Dirección del video',
    videoUrlHint: 'Una dirección http(s) o una ruta del sitio que empiece con /.',
    send: 'Bajar el telón',
    cancel: 'Volver',
  },
  viewers: {
    title: 'Audiencia',
    viewers: 'Espectadores conectados',
    messages: 'Mensajes en el chat',
    sessions: 'Personas en el chat',
    refreshed: 'Se actualiza cada 10 segundos.',
  },
  chat: {
    title: 'Chat',
    connecting: 'Conectando con el chat…',
    reconnecting: 'Se perdió la conexión; reconectando…',
    refused: 'No fue posible abrir el chat de este evento.',
    /** Why the chat is closed, by what would open it (decision 0059). */
    closed: {
      'opens-on-start':
        'El chat está cerrado: se abre cuando el evento está en vivo o en prueba (Iniciar lo abre).',
      'closed-by-status':
        'El chat está cerrado: se abre cuando el evento está en vivo o en prueba, y en el estado actual Iniciar no puede abrirlo. Cambia el estado del evento primero.',
      'off-by-settings':
        'El chat está apagado en la configuración del evento (chat oculto o video bajo demanda).',
    } satisfies Record<Exclude<ChatState, 'open'>, string>,
    noticeBlocked: 'No disponible: los avisos se envían con el chat abierto.',
    retry: 'Volver a intentar',
    empty: 'Todavía no hay mensajes.',
    list: 'Mensajes del chat',
    notification: 'Aviso',
    notify: 'Aviso para el chat',
    notifyHint: 'Se muestra destacado a todos los espectadores.',
    send: 'Enviar aviso',
    sending: 'Enviando…',
    sent: 'Aviso enviado.',
    delete: 'Eliminar',
    deleteLabel: (username: string) => `Eliminar el mensaje de ${username}`,
    mute: 'Silenciar',
    muteLabel: (username: string) => `Silenciar a ${username}`,
    confirmDelete: {
      title: '¿Eliminar este mensaje?',
      message: (username: string, text: string) =>
        `El mensaje de ${username} («${text}») desaparece al instante para todos.`,
      confirm: 'Eliminar mensaje',
    },
    confirmMute: {
      title: '¿Silenciar a esta persona?',
      message: (username: string) =>
        `${username} no podrá escribir más en el chat de este evento hasta que le devuelvas la palabra.`,
      confirm: 'Silenciar',
    },
    muted: 'Silenciados',
    noMuted: 'Nadie está silenciado.',
    unmute: 'Devolver la palabra',
    unmuteLabel: (username: string) => `Devolver la palabra a ${username}`,
  },
  polls: {
    title: 'Encuestas',
    create: 'Nueva encuesta',
    question: 'Pregunta',
    option: (n: number) => `Opción ${n}`,
    addOption: 'Agregar opción',
    removeOption: (n: number) => `Quitar la opción ${n}`,
    save: 'Crear encuesta',
    saving: 'Creando…',
    created: 'Encuesta creada como borrador: actívala cuando quieras mostrarla.',
    empty: 'Todavía no hay encuestas.',
    list: 'Encuestas del evento',
    status: { DRAFT: 'Borrador', ACTIVE: 'Activa', CLOSED: 'Cerrada' },
    activate: 'Activar',
    activateLabel: (question: string) => `Activar «${question}»`,
    activateBlocked:
      'No disponible: las encuestas están desactivadas en la configuración del evento.',
    close: 'Cerrar',
    closeLabel: (question: string) => `Cerrar «${question}»`,
    confirmClose: {
      title: '¿Cerrar esta encuesta?',
      message: 'Los espectadores dejan de verla y ya no se puede responder ni volver a activar.',
      confirm: 'Cerrar encuesta',
    },
    results: (question: string) => `Resultados de «${question}»`,
    votes: (n: number) => (n === 1 ? '1 voto' : `${n} votos`),
    total: (n: number) => (n === 1 ? '1 respuesta' : `${n} respuestas`),
  },
} as const;
