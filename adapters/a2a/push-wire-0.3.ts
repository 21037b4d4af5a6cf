import { z } from 'zod';
import {
  ZAuthScheme,
  ZPushConfigId,
  ZPushCredentials,
  ZPushToken,
} from '../../core/services/a2a/push/push-config.schema.ts';
import type { PushConfigView } from '../../core/services/a2a/push/push-config.schema.ts';
import type { PushWire } from './push-wire.ts';
import { invalidParam, invalidParams, ZTaskReference } from './wire.ts';
import { wire03 } from './wire-0.3.ts';

/** A 0.3 PushNotificationConfig: id, url, token, authentication {schemes[], credentials}. */
const ZConfig = z.looseObject({
  id: ZPushConfigId.optional(),
  url: z.string().min(1).max(2048),
  token: ZPushToken.optional(),
  authentication: z
    .looseObject({ schemes: z.array(ZAuthScheme).max(10), credentials: ZPushCredentials.optional() })
    .optional(),
});

const ZSetParams = z.looseObject({ taskId: ZTaskReference.min(1), pushNotificationConfig: ZConfig });
const ZRefParams = z.looseObject({ id: ZTaskReference.min(1), pushNotificationConfigId: ZPushConfigId.optional() });
const ZDeleteParams = z.looseObject({ id: ZTaskReference.min(1), pushNotificationConfigId: ZPushConfigId });
const ZListParams = z.looseObject({ id: ZTaskReference.min(1) });
const ZMessageConfig = z.looseObject({
  configuration: z.looseObject({ pushNotificationConfig: ZConfig.optional() }).optional(),
});

/**
 * 0.3's authentication names schemes (a list) and one credentials string; the first scheme is the
 * one used in the Authorization header, as the official SDK's translation does.
 */
function read(config: z.infer<typeof ZConfig>, field: string, defaultId: string | undefined) {
  const scheme = config.authentication?.schemes[0];
  if (config.authentication?.credentials !== undefined && scheme === undefined)
    return invalidParam(`${field}.authentication.schemes`, 'name the scheme the credentials are for, such as "Bearer"');
  return {
    value: {
      configId: config.id ?? defaultId,
      url: config.url,
      token: config.token,
      authentication: scheme === undefined ? undefined : { scheme, credentials: config.authentication?.credentials },
    },
  };
}

/** The config as answered: no token, no credentials (never read back). */
const written = (config: PushConfigView) => ({
  taskId: config.taskId,
  pushNotificationConfig: {
    id: config.configId,
    url: config.url,
    ...(config.authentication ? { authentication: { schemes: [config.authentication.scheme] } } : {}),
  },
});

/**
 * A2A 0.3's tasks/pushNotificationConfig/* methods. As in 0.3's reference implementation, a config
 * set without an id takes the task's id as its id, and get without pushNotificationConfigId reads
 * that one; list answers an array and delete answers null.
 */
export const pushWire03: PushWire = {
  methods: {
    create: 'tasks/pushNotificationConfig/set',
    get: 'tasks/pushNotificationConfig/get',
    list: 'tasks/pushNotificationConfig/list',
    delete: 'tasks/pushNotificationConfig/delete',
  },
  readCreateParams(params) {
    const parsed = ZSetParams.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const config = read(parsed.data.pushNotificationConfig, 'pushNotificationConfig', parsed.data.taskId);
    return 'invalid' in config ? config : { value: { taskId: parsed.data.taskId, ...config.value } };
  },
  readGetParams(params) {
    const parsed = ZRefParams.safeParse(params);
    return parsed.success
      ? { value: { taskId: parsed.data.id, configId: parsed.data.pushNotificationConfigId ?? parsed.data.id } }
      : invalidParams(parsed.error.issues);
  },
  readListParams(params) {
    const parsed = ZListParams.safeParse(params);
    return parsed.success ? { value: { taskId: parsed.data.id } } : invalidParams(parsed.error.issues);
  },
  readDeleteParams(params) {
    const parsed = ZDeleteParams.safeParse(params);
    return parsed.success
      ? { value: { taskId: parsed.data.id, configId: parsed.data.pushNotificationConfigId } }
      : invalidParams(parsed.error.issues);
  },
  readMessageConfig(params) {
    const parsed = ZMessageConfig.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const config = parsed.data.configuration?.pushNotificationConfig;
    // The task's id is not known yet: core gives a config without one the server's id.
    return config ? read(config, 'configuration.pushNotificationConfig', undefined) : { value: undefined };
  },
  configResult: written,
  configsResult: (configs) => configs.map(written),
  deletedResult: () => null,
  pushBody: (task) => JSON.stringify(wire03.taskResult(task, 0)),
};
