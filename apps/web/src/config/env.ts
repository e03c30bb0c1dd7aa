/**
 * Build-time settings (Vite inlines `import.meta.env.VITE_*`). Every value has a
 * default so a plain `vite build` works; an empty variable counts as unset.
 */
function read(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const env = {
  apiBaseUrl: read(import.meta.env.VITE_API_BASE_URL, '').replace(/\/+$/, ''),
  helpUrl: read(import.meta.env.VITE_HELP_URL, 'https://m.me/taquilla.gt'),
  publishUrl: read(
    import.meta.env.VITE_PUBLISH_URL,
    'mailto:eventos@taquilla.gt?subject=Quiero%20publicar%20mi%20evento',
  ),
  social: {
    facebook: read(import.meta.env.VITE_FACEBOOK_URL, 'https://www.facebook.com/taquilla.gt'),
    instagram: read(import.meta.env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/taquilla.gt'),
    youtube: read(import.meta.env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@taquilla.gt'),
    x: read(import.meta.env.VITE_X_URL, 'https://x.com/taquilla_gt'),
  },
} as const;
