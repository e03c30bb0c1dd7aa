export const adminShellTexts = {
  checking: 'Comprobando tu sesión…',
  forbiddenTitle: 'Esta consola es para organizadores',
  forbidden:
    'Tu cuenta no administra eventos. Si organizas eventos, pide una cuenta de productora.',
  switchRole:
    'Entraste como comprador. Para administrar tus eventos, ingresa a la consola como productora o administración.',
  loginAsOrganiser: 'Ingresar como organizador',
  backHome: 'Volver al inicio',
  roleAdmin: 'Administración',
  roleProducer: 'Productora',
  actingAs: (role: string, name: string) => `${name} · ${role}`,
  login: {
    title: 'Consola del organizador',
    intro:
      'Ingresa con la cuenta de tu productora para administrar eventos, ventas y transmisiones.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    role: 'Ingresar como',
    submit: 'Ingresar',
    busy: 'Ingresando…',
    otherSession: 'Tu cuenta tiene otra sesión abierta.',
    forceLogin: 'Cerrar la otra sesión e ingresar',
    missing: 'Escribe tu correo y tu contraseña.',
  },
  home: {
    title: 'Inicio',
    subtitle: 'Lo que pide tu atención hoy.',
    deposits: (count: number) =>
      count === 1 ? '1 depósito por revisar' : `${count} depósitos por revisar`,
    noDeposits: 'No hay depósitos por revisar.',
    reviewDeposits: 'Revisar depósitos',
    upcoming: 'Próximos eventos',
    noUpcoming: 'No tienes eventos próximos.',
    allShows: 'Ver todos los eventos',
    newShow: 'Nuevo evento',
    door: 'Abrir la puerta (check-in)',
  },
} as const;
