import { z } from 'zod';

/**
 * A push notification config in the neutral shape both wires read into (A2A 1.0's flat
 * TaskPushNotificationConfig, 0.3's {taskId, pushNotificationConfig}). Everything a client sends
 * is bounded here and limited to what can go into an HTTP header unchanged (visible ASCII, no
 * CR/LF), so it is storable and sendable as it is.
 */
const VISIBLE_ASCII = /^[\x21-\x7E]+$/;

export const PUSH_LIMITS = {
  /** Configs one task may have (the spec's "MAY support pagination" is not needed below this). */
  perTask: 5,
  /** Configs one grant may hold across its tasks. */
  perGrant: 100,
  tokenLength: 512,
  credentialsLength: 2048,
  configIdLength: 200,
} as const;

export const ZPushConfigId = z
  .string()
  .min(1)
  .max(PUSH_LIMITS.configIdLength)
  .regex(VISIBLE_ASCII, { message: 'expected visible ASCII characters only' });

/** RFC 9110's token characters: an HTTP authentication scheme name (Bearer, Basic, ...). */
export const ZAuthScheme = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[\w!#$%&'*+.^`|~-]+$/, { message: 'expected an HTTP authentication scheme name such as Bearer' });

export const ZPushToken = z
  .string()
  .min(1)
  .max(PUSH_LIMITS.tokenLength)
  .regex(VISIBLE_ASCII, { message: 'expected visible ASCII characters only' });

/** Credentials go after the scheme in an Authorization header: visible ASCII and spaces, no line breaks. */
export const ZPushCredentials = z
  .string()
  .min(1)
  .max(PUSH_LIMITS.credentialsLength)
  .regex(/^[\x20-\x7E]+$/, { message: 'expected printable ASCII characters only' });

export const ZPushConfigInput = z.object({
  taskId: z.string().max(200),
  /** The client's id for the config; the wire supplies the version's default when it named none. */
  configId: ZPushConfigId.optional(),
  url: z.string().max(2048),
  token: ZPushToken.optional(),
  authentication: z.object({ scheme: ZAuthScheme, credentials: ZPushCredentials.optional() }).optional(),
});
export type PushConfigInput = z.infer<typeof ZPushConfigInput>;

/** A config a message carries for its task (SendMessage's configuration), with the version its pushes are written in. */
export const ZMessagePushConfig = ZPushConfigInput.omit({ taskId: true }).extend({ version: z.enum(['0.3', '1.0']) });
export type MessagePushConfig = z.infer<typeof ZMessagePushConfig>;

export const ZPushConfigRef = z.object({ taskId: z.string().max(200), configId: ZPushConfigId });
export type PushConfigRef = z.infer<typeof ZPushConfigRef>;

export const ZPushConfigList = z.object({ taskId: z.string().max(200) });
export type PushConfigList = z.infer<typeof ZPushConfigList>;

/** A config as answered: the token and the credentials are never answered back (omitted). */
export interface PushConfigView {
  taskId: string;
  configId: string;
  url: string;
  authentication?: { scheme: string };
}
