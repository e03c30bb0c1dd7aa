import { z } from 'zod';
import { saleSubtotalSchema } from './cart.ts';
import {
  accountOrderSchema,
  createUserBodySchema,
  passwordResetBodySchema,
  profileSchema,
  updateProfileBodySchema,
  updateUserBodySchema,
} from './accounts.ts';
import {
  adminBundleItemSchema,
  adminMapSchema,
  adminMapStateSchema,
  adminMapWriteSchema,
  adminSectionSchema,
  adminSectionWriteSchema,
  adminShowCreateSchema,
  adminShowPatchSchema,
  adminShowSchema,
  adminTicketCreateSchema,
  adminTicketPatchSchema,
  adminTicketSchema,
  showSettingsWriteSchema,
} from './admin.ts';
import {
  adminProducerCreateSchema,
  adminProducerListItemSchema,
  adminUserCreateSchema,
  adminUserSchema,
} from './admin-users.ts';
import {
  adminPromoCodeCreateSchema,
  adminPromoCodePatchSchema,
  adminPromoCodeSchema,
} from './admin-promo-codes.ts';
import {
  currentSessionSchema,
  loginBodySchema,
  loginResponseSchema,
  roleSchema,
  sessionSchema,
  sessionUserSchema,
} from './auth.ts';
import { showChannelChildSchema, showChannelSchema, viewerShowAccessSchema } from './channels.ts';
import { currencySchema } from './common.ts';
import { errorResponseSchema, fieldIssueSchema } from './errors.ts';
import { healthResponseSchema } from './health.ts';
import {
  adminLiveChannelCreateSchema,
  adminLiveChannelSchema,
  adminLiveChannelUpdateSchema,
  adminShowEventBodySchema,
  adminShowEventResultSchema,
  liveChannelSchema,
  showLiveStateSchema,
} from './live.ts';
import { showEventSchema } from './realtime.ts';
import {
  adminChatMessageSchema,
  adminChatMuteSchema,
  chatLinkSchema,
  chatMessageSchema,
  chatSessionSchema,
  showViewersSchema,
} from './chat.ts';
import {
  adminPollCreateSchema,
  pollAnswerSchema,
  pollResultSchema,
  pollSchema,
  pollStatusSchema,
} from './polls.ts';
import { playerStatsBodySchema } from './stats.ts';
import {
  seatSchema,
  seatStateSchema,
  seatStatesBodySchema,
  sectionSchema,
  sectionTypeSchema,
  venueMapSchema,
} from './maps.ts';
import { paymentConfigSchema, sandboxCardSchema } from './payments.ts';
import {
  codeValidationSchema,
  geoLocationSchema,
  playbackSchema,
  watchModeSchema,
} from './player.ts';
import { adminAccessCodeSchema } from './admin-access-codes.ts';
import {
  customFieldSchema,
  playlistItemSchema,
  publicPlaylistItemSchema,
  publicShowSettingsSchema,
  showSchema,
  showSettingsSchema,
  showStatusSchema,
} from './shows.ts';
import {
  bundleItemSchema,
  paymentTypeSchema,
  priceRuleSchema,
  showDateOptionSchema,
  ticketSchema,
  ticketTypeSchema,
} from './tickets.ts';

/**
 * The names generated clients see: each schema here becomes a component of
 * /openapi.json (`#/components/schemas/Show`), referenced wherever it is used
 * instead of being inlined. A schema as sent by a client gets the `Input`
 * suffix (`LoginInput`) when its input and output shapes differ in the document.
 */
export const schemaRegistry = z.registry<{ id?: string; description?: string }>();

const NAMES: ReadonlyArray<readonly [z.ZodType, string]> = [
  [errorResponseSchema, 'ErrorResponse'],
  [fieldIssueSchema, 'FieldIssue'],
  [healthResponseSchema, 'Health'],
  [currencySchema, 'Currency'],
  // catalogue
  [showStatusSchema, 'ShowStatus'],
  [customFieldSchema, 'CustomField'],
  [playlistItemSchema, 'PlaylistItem'],
  [showSettingsSchema, 'ShowSettings'],
  [publicPlaylistItemSchema, 'PublicPlaylistItem'],
  [publicShowSettingsSchema, 'PublicShowSettings'],
  [showSchema, 'Show'],
  [paymentTypeSchema, 'PaymentType'],
  [ticketTypeSchema, 'TicketType'],
  [priceRuleSchema, 'PriceRule'],
  [bundleItemSchema, 'BundleItem'],
  [showDateOptionSchema, 'ShowDateOption'],
  [ticketSchema, 'Ticket'],
  [viewerShowAccessSchema, 'ViewerShowAccess'],
  [showChannelChildSchema, 'ShowChannelChild'],
  [showChannelSchema, 'ShowChannel'],
  [sectionTypeSchema, 'SectionType'],
  [seatSchema, 'Seat'],
  [sectionSchema, 'Section'],
  [venueMapSchema, 'VenueMap'],
  [seatStatesBodySchema, 'SeatStatesRequest'],
  [seatStateSchema, 'SeatState'],
  // live control, live channels and player analytics (decision 0024)
  [showEventSchema, 'ShowEvent'],
  [showLiveStateSchema, 'ShowLiveState'],
  [adminShowEventBodySchema, 'AdminShowEvent'],
  [adminShowEventResultSchema, 'AdminShowEventResult'],
  [liveChannelSchema, 'LiveChannel'],
  [adminLiveChannelSchema, 'AdminLiveChannel'],
  [adminLiveChannelCreateSchema, 'AdminLiveChannelCreate'],
  [adminLiveChannelUpdateSchema, 'AdminLiveChannelUpdate'],
  [playerStatsBodySchema, 'PlayerStatsEvent'],
  // sessions and accounts
  [roleSchema, 'Role'],
  [loginBodySchema, 'Login'],
  [sessionUserSchema, 'SessionUser'],
  [sessionSchema, 'Session'],
  [loginResponseSchema, 'LoginResult'],
  [currentSessionSchema, 'CurrentSession'],
  [createUserBodySchema, 'Signup'],
  [updateUserBodySchema, 'UserUpdate'],
  [updateProfileBodySchema, 'ProfileUpdate'],
  [profileSchema, 'Profile'],
  [passwordResetBodySchema, 'PasswordReset'],
  [accountOrderSchema, 'AccountOrder'],
  // organiser API (an organiser's show is a Show)
  [showSettingsWriteSchema, 'ShowSettingsWrite'],
  [adminShowCreateSchema, 'AdminShowCreate'],
  [adminShowPatchSchema, 'AdminShowPatch'],
  [adminShowSchema, 'AdminShow'],
  [adminTicketCreateSchema, 'AdminTicketCreate'],
  [adminTicketPatchSchema, 'AdminTicketPatch'],
  [adminTicketSchema, 'AdminTicket'],
  [adminSectionWriteSchema, 'AdminSectionWrite'],
  [adminMapWriteSchema, 'AdminMapWrite'],
  [adminSectionSchema, 'AdminSection'],
  [adminMapSchema, 'AdminMap'],
  [adminMapStateSchema, 'AdminMapState'],
  [adminBundleItemSchema, 'AdminBundleItem'],
  [adminProducerCreateSchema, 'AdminProducerCreate'],
  [adminUserCreateSchema, 'AdminUserCreate'],
  [adminUserSchema, 'AdminUser'],
  [adminProducerListItemSchema, 'AdminProducer'],
  [adminPromoCodeCreateSchema, 'AdminPromoCodeCreate'],
  [adminPromoCodePatchSchema, 'AdminPromoCodePatch'],
  [adminPromoCodeSchema, 'AdminPromoCode'],
  [adminAccessCodeSchema, 'AdminAccessCode'],
  // card gateway
  [paymentConfigSchema, 'PaymentConfig'],
  [sandboxCardSchema, 'SandboxCard'],
  // watching
  [watchModeSchema, 'WatchMode'],
  [codeValidationSchema, 'CodeValidation'],
  [playbackSchema, 'Playback'],
  [geoLocationSchema, 'GeoLocation'],
  // chat, polls and devices (decision 0026)
  [chatMessageSchema, 'ChatMessage'],
  [adminChatMessageSchema, 'AdminChatMessage'],
  [adminChatMuteSchema, 'AdminChatMute'],
  [showViewersSchema, 'ShowViewers'],
  [chatLinkSchema, 'ChatLink'],
  [chatSessionSchema, 'ChatSession'],
  [pollStatusSchema, 'PollStatus'],
  [pollResultSchema, 'PollResult'],
  [pollSchema, 'Poll'],
  [adminPollCreateSchema, 'AdminPollCreate'],
  [pollAnswerSchema, 'PollAnswer'],
];

for (const [schema, id] of NAMES) schemaRegistry.add(schema, { id });

// Described where it is used rather than named: the cart's and the order's
// `subtotal` say the same thing (decision 0055).
schemaRegistry.add(saleSubtotalSchema, { description: saleSubtotalSchema.description });
