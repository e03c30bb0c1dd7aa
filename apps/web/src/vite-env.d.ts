/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the gateway; empty means the SPA's own origin (production default). */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_HELP_URL?: string;
  readonly VITE_PUBLISH_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_X_URL?: string;
  /** Comma-separated country codes, `-` for none; IN when unset. Mirrors the API's BLOCKED_COUNTRIES. */
  readonly VITE_BLOCKED_COUNTRIES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// hls.js ships types for its full build only; the light build has the same API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
