/**
 * Ticket activation's Spanish texts (000 §2 "Activa tu boleto", §5 Ticket code input, §8
 * Activation; 002 §2.8 "Activar Código"). Quoted texts are the specifications' own.
 */
export const esActivation = {
  pageTitle: 'Activa tu boleto',
  modalTitle: 'Activar Código',
  intro: 'Escribe el código de 6 caracteres que recibiste con tu boleto para verlo en línea.',
  code: 'Código del boleto',
  codeHint: 'Lo encuentras en el correo de tus boletos, debajo del código QR.',
  account: {
    legend: 'Tu cuenta',
    hasUser: 'Ya tengo usuario',
    newUser: 'Crear usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    fullname: 'Nombre completo',
    emailConfirm: 'Confirmar correo electrónico',
    passwordConfirm: 'Confirmar contraseña',
  },
  required: 'Este campo es obligatorio',
  emailMismatch: 'Los correos electrónicos no coinciden.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  fillRed: 'Por favor llena todos los campos con borde rojo',
  submit: 'Activar',
  submitting: 'Activando…',
  success: 'Tu boleto ha sido activado exitosamente',
  alreadyActivated: 'Ya tienes un boleto activado para este show',
  invalidCredentials: 'Usuario o contraseña inválida',
  failed: 'No fue posible activar el código ingresado',
  noResponse: 'Ocurrió un error al intentar activar el código ingresado',
  activeSession: 'Ya existe una sesión activa con este usuario.',
  forceLogin: 'Cerrar la otra sesión y activar',
  noViewer: 'Tu cuenta no puede activar boletos. Ingresa con una cuenta de espectador.',
  close: 'Cerrar',
} as const;
