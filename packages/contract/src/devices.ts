import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { ERRORS } from './errors.ts';

// One device per code and presence (001 §4 "Single-device rule", §5, §7 presence, §9).
// Decisions: docs/decisions/0026-chat-polls-devices.md.

/**
 * Entering: the socket subscribed to `show-access/{show}/codes/{code}` and the server
 * wrote a new random device token for the code (or kept the one sent back to resume).
 * The player keeps it: it resumes with it after a reconnect and sends it to the
 * playback call (`?device=`).
 */
export const deviceEnteredSchema = z.object({ type: z.literal('device'), token: z.string() });

/**
 * Another device or browser entered with the same code: this one shows the
 * second-device screen (001 §2) and its playback is refused from now on.
 */
export const deviceReplacedSchema = z.object({
  type: z.literal('device-replaced'),
  message: z.string(),
});
export const DEVICE_REPLACED_MESSAGE = ERRORS.DEVICE_REPLACED.message;

/** A presence record (001 §7) was stored for this device. */
export const presenceRecordedSchema = z.object({
  type: z.literal('presence'),
  recorded_at: isoDateTimeSchema,
});

/** Everything `show-access/{show}/codes/{code}` carries to its holder. */
export const deviceChannelDataSchema = z.discriminatedUnion('type', [
  deviceEnteredSchema,
  deviceReplacedSchema,
  presenceRecordedSchema,
]);
export type DeviceChannelData = z.infer<typeof deviceChannelDataSchema>;
