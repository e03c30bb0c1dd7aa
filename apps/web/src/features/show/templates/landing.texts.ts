/**
 * The landing templates' Spanish texts (002 §2.8, §4, §8; 001 §2). Quoted texts are the
 * specifications' own ("Entrar", "Activar Código", "Ingresa a tu cuenta", "Seleccionar",
 * "EN VIVO", "PRÓXIMAMENTE"); the entry alerts come from the domain (landingEntry).
 */
export const landingTexts = {
  login: 'Ingresa a tu cuenta',
  activate: 'Activar Código',
  enter: 'Entrar',
  live: 'EN VIVO',
  soon: 'PRÓXIMAMENTE',
  opensInNewTab: '(se abre en una pestaña nueva)',
  play: (name: string) => `Reproducir ${name}`,
  loading: 'Cargando…',
  loadingTitle: 'Evento',

  producer: {
    listTitle: 'Eventos',
    featured: 'Destacado',
    select: 'Seleccionar',
    selectShow: (name: string) => `Seleccionar ${name}`,
    empty: 'Este productor no tiene eventos disponibles por ahora.',
  },

  channel: {
    listTitle: 'Episodios',
    seriesTitle: 'Capítulos',
    empty: 'Este canal aún no tiene episodios disponibles. Vuelve pronto.',
  },

  podcast: {
    seasons: 'Temporadas',
    season: (season: number) => `Temporada ${season}`,
    episodes: 'Episodios',
    emptySeason: 'Esta temporada aún no tiene episodios disponibles.',
  },

  artist: {
    socials: 'Redes sociales',
    tiers: 'Boletos',
    tierOf: (ticket: string, show: string) => `${ticket} · ${show}`,
    buy: 'Comprar',
    buyTier: (ticket: string) => `Comprar ${ticket}`,
    notOnSale: 'No disponible',
    shows: 'Presentaciones',
    watch: 'Ver ahora',
    watchShow: (name: string) => `Ver ahora ${name}`,
    code: 'Tu código:',
    activateFor: (name: string) => `Activar Código para ${name}`,
    empty: 'Este artista aún no tiene presentaciones disponibles.',
    noTiers: 'Los boletos aún no están a la venta.',
  },
};
