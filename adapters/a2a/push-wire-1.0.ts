import { z } from 'zod';
import {
  ZAuthScheme,
  ZPushConfigId,
  ZPushCredentials,
  ZPushToken,
} from '../../core/services/a2a/push/push-config.schema.ts';
import type { PushConfigView } from '../../core/services/a2a/push/push-config.schema.ts';
import type { PushWire } from './push-wire.ts';
import { invalidParams, ZTaskReference } from './wire.ts';
import { wire10 } from './wire-1.0.ts';

/** proto3 clients send "" for an unset string: read as absent. */
const unsetEmpty = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]);

/** A 1.0 TaskPushNotificationConfig (flat: tenant, id, taskId, url, token, authentication {scheme, credentials}). */
const configFields = {
  id: unsetEmpty(ZPushConfigId).optional(),
  url: z.string().min(1).max(2048),
  token: unsetEmpty(ZPushToken).optional(),
  authentication: z
    .looseObject({ scheme: ZAuthScheme, credentials: unsetEmpty(ZPushCredentials).optional() })
    .optional(),
};

const ZCreateParams = z.looseObject({ taskId: ZTaskReference.min(1), ...configFields });
const ZRefParams = z.looseObject({ taskId: ZTaskReference.min(1), id: ZPushConfigId });
const ZListParams = z.looseObject({ taskId: ZTaskReference.min(1) });
const ZMessageConfig = z.looseObject({
  configuration: z.looseObject({ taskPushNotificationConfig: z.looseObject(configFields).optional() }).optional(),
});

const read = (config: z.infer<z.ZodObject<typeof configFields>>) => ({
  configId: config.id,
  url: config.url,
  token: config.token,
  authentication: config.authentication && {
    scheme: config.authentication.scheme,
    credentials: config.authentication.credentials,
  },
});

/** The config as answered: no token, no credentials (never read back). */
const written = (config: PushConfigView) => ({
  id: config.configId,
  taskId: config.taskId,
  url: config.url,
  ...(config.authentication ? { authentication: { scheme: config.authentication.scheme } } : {}),
});

/**
 * A2A 1.0's push notification methods (JSON-RPC binding). A config the client names no id for gets
 * a server uuid (core); List answers every config at once (at most five per task), so
 * `nextPageToken` is always "".
 */
export const pushWire10: PushWire = {
  methods: {
    create: 'CreateTaskPushNotificationConfig',
    get: 'GetTaskPushNotificationConfig',
    list: 'ListTaskPushNotificationConfigs',
    delete: 'DeleteTaskPushNotificationConfig',
  },
  readCreateParams(params) {
    const parsed = ZCreateParams.safeParse(params);
    return parsed.success
      ? { value: { taskId: parsed.data.taskId, ...read(parsed.data) } }
      : invalidParams(parsed.error.issues);
  },
  readGetParams(params) {
    const parsed = ZRefParams.safeParse(params);
    return parsed.success
      ? { value: { taskId: parsed.data.taskId, configId: parsed.data.id } }
      : invalidParams(parsed.error.issues);
  },
  readListParams(params) {
    const parsed = ZListParams.safeParse(params);
    return parsed.success ? { value: { taskId: parsed.data.taskId } } : invalidParams(parsed.error.issues);
  },
  readDeleteParams(params) {
    return this.readGetParams(params);
  },
  readMessageConfig(params) {
    const parsed = ZMessageConfig.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const config = parsed.data.configuration?.taskPushNotificationConfig;
    return { value: config && read(config) };
  },
  configResult: written,
  configsResult: (configs) => ({ configs: configs.map(written), nextPageToken: '' }),
  // google.protobuf.Empty.
  deletedResult: () => ({}),
  pushBody: (task) => JSON.stringify({ task: wire10.taskResult(task, 0) }),
};
