// First: how zod runs here must be settled before any schema is built.
import './zod-setup.ts';
import { z } from 'zod';

// Validation messages in Spanish for the API and the SPA alike.
z.config(z.locales.es());

export * from './common.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './shows.ts';
export * from './tickets.ts';
export * from './maps.ts';
export * from './channels.ts';
export * from './endpoints.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './admin.ts';
export * from './admin-users.ts';
export * from './admin-promo-codes.ts';
export * from './admin-orders.ts';
export * from './admin-show-images.ts';
export * from './show-image-variants.ts';
export * from './realtime.ts';
export * from './schema-names.ts';
export * from './cart.ts';
export * from './uploads.ts';
export * from './orders.ts';
export * from './activation.ts';
export * from './payments.ts';
export * from './etickets.ts';
export * from './player.ts';
export * from './admin-access-codes.ts';
export * from './admin-checkin.ts';
export * from './admin-reports.ts';
export * from './admin-audit.ts';
export * from './live.ts';
export * from './stats.ts';
export * from './polls.ts';
export * from './chat.ts';
export * from './devices.ts';
export * from './telethon.ts';
export * from './downloads.ts';
export * from './page-calls.ts';
export * from './checkout-rows.ts';
export * from './inventory-rows.ts';
export * from './cart-rows.ts';
