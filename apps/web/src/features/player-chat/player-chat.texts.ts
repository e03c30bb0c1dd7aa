/**
 * The chat, poll and device texts (001 §2, §4, §8). Quoted texts are the specification's
 * own; refusals the API answers (muted, too fast, closed, an answered poll) are shown as
 * its `message` says them.
 */
export const chatTexts = {
  panes: {
    label: 'Chat y encuestas',
    chat: 'Chat',
    polls: 'Encuestas',
    newPoll: 'Nueva encuesta',
  },

  chat: {
    title: 'Chat en vivo',
    empty: 'Aún no hay mensajes. ¡Saluda!',
    placeholder: 'Escribe un mensaje…',
    send: 'Enviar',
    inputLabel: 'Mensaje para el chat',
    messagesLabel: 'Mensajes del chat',
    readOnly: 'El chat es solo de lectura.',
    connecting: 'Conectando al chat…',
    reconnecting: 'Reconectando…',
    notice: 'Aviso del organizador',
    tooLong: (max: number) => `Máximo ${max} caracteres`,
    emojiOpen: 'Insertar emoji',
    emojiClose: 'Cerrar emojis',
    emojiLabel: 'Emojis',
  },

  polls: {
    title: 'Encuesta',
    /** 001 §4, §8. */
    none: 'Lo sentimos, no hay ninguna encuesta activa en este momento',
    vote: 'Votar',
    readOnly: 'Las respuestas están cerradas en esta pantalla.',
    results: 'Resultados',
    votes: (count: number) => (count === 1 ? '1 voto' : `${count} votos`),
    total: (count: number) => (count === 1 ? '1 respuesta' : `${count} respuestas`),
    answered: 'Gracias por responder.',
  },

  device: {
    /** 001 §2 second-device screen, both texts as written. */
    title: 'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.',
    text: 'Asegúrate de ingresar solamente en un navegador y en un dispositivo a la vez. Recarga la página para cargar el contenido de nuevo.',
    reload: 'Recargar la página',
  },

  mobile: {
    documentTitle: 'Chat',
    /** 001 §2, §8: a missing or invalid `s`. */
    invalid:
      'La sesión de chat que deseas iniciar es inválida. Intenta escanear el código QR de nuevo.',
    checking: 'Verificando tu sesión de chat…',
    as: (username: string) => `Chateas como ${username}`,
    help: 'Tips y Preguntas Frecuentes',
    helpText:
      'Mantén esta página abierta para chatear mientras ves el evento en tu televisor o computadora. Si el chat se desconecta, se reconecta solo.',
    link: 'Abrir el chat en tu celular',
    linkHint:
      'Abre este enlace en tu celular para chatear mientras ves el evento en otra pantalla.',
    linkFailed: 'No fue posible crear el enlace del chat. Intenta de nuevo.',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado',
  },
} as const;
