/**
 * The members of A2A 1.0's AgentCard and the messages inside it (specification/a2a.proto), as the
 * official SDKs read a card before they canonicalise it to check its signature: a member the 1.0
 * schema does not name is dropped (so the 0.3 members `protocolVersion`, `url`, `preferredTransport`
 * are not covered by this reading), a member that holds its protobuf default is omitted, and what is
 * left empty ("", [], {}) is removed (@a2a-js/sdk's canonicalizeAgentCard: fromJSON, toJSON, cleanEmpty).
 */
type Member =
  /** A string, a bool with presence (`optional`), a Struct: kept as it is. */
  | 'value'
  /** A bool without presence: false is its default, so it is omitted. */
  | 'flag'
  | { message: Schema }
  | { repeated: Schema | 'value' }
  | { map: Schema | 'value' };

interface Schema {
  [member: string]: Member;
}

const STRING_LIST: Schema = { list: { repeated: 'value' } };
const SECURITY_REQUIREMENT: Schema = { schemes: { map: STRING_LIST } };
const FLOW = (...urls: string[]): Schema => ({
  ...Object.fromEntries(urls.map((url) => [url, 'value' as const])),
  refreshUrl: 'value',
  scopes: { map: 'value' },
});
const DESCRIBED = (...members: string[]): Schema => ({
  description: 'value',
  ...Object.fromEntries(members.map((member) => [member, 'value' as const])),
});

const OAUTH_FLOWS: Schema = {
  authorizationCode: { message: { ...FLOW('authorizationUrl', 'tokenUrl'), pkceRequired: 'flag' } },
  clientCredentials: { message: FLOW('tokenUrl') },
  implicit: { message: FLOW('authorizationUrl') },
  password: { message: FLOW('tokenUrl') },
  deviceCode: { message: FLOW('deviceAuthorizationUrl', 'tokenUrl') },
};

const SECURITY_SCHEME: Schema = {
  apiKeySecurityScheme: { message: DESCRIBED('location', 'name') },
  httpAuthSecurityScheme: { message: DESCRIBED('scheme', 'bearerFormat') },
  oauth2SecurityScheme: { message: { ...DESCRIBED('oauth2MetadataUrl'), flows: { message: OAUTH_FLOWS } } },
  openIdConnectSecurityScheme: { message: DESCRIBED('openIdConnectUrl') },
  mtlsSecurityScheme: { message: DESCRIBED() },
};

const AGENT_CARD: Schema = {
  name: 'value',
  description: 'value',
  supportedInterfaces: {
    repeated: { url: 'value', protocolBinding: 'value', tenant: 'value', protocolVersion: 'value' },
  },
  provider: { message: { url: 'value', organization: 'value' } },
  version: 'value',
  documentationUrl: 'value',
  capabilities: {
    message: {
      streaming: 'value',
      pushNotifications: 'value',
      extensions: { repeated: { uri: 'value', description: 'value', required: 'flag', params: 'value' } },
      extendedAgentCard: 'value',
    },
  },
  securitySchemes: { map: SECURITY_SCHEME },
  securityRequirements: { repeated: SECURITY_REQUIREMENT },
  defaultInputModes: { repeated: 'value' },
  defaultOutputModes: { repeated: 'value' },
  skills: {
    repeated: {
      id: 'value',
      name: 'value',
      description: 'value',
      tags: { repeated: 'value' },
      examples: { repeated: 'value' },
      inputModes: { repeated: 'value' },
      outputModes: { repeated: 'value' },
      securityRequirements: { repeated: SECURITY_REQUIREMENT },
    },
  },
  iconUrl: 'value',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function project(value: unknown, member: Member): unknown {
  if (member === 'value') return value;
  if (member === 'flag') return value === true ? true : undefined;
  if ('message' in member) return isObject(value) ? projectMessage(value, member.message) : undefined;
  const entry = 'repeated' in member ? member.repeated : member.map;
  const read = (item: unknown) => (entry === 'value' ? item : isObject(item) ? projectMessage(item, entry) : undefined);
  if ('repeated' in member) return Array.isArray(value) ? value.map(read) : undefined;
  return isObject(value)
    ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, read(item)]))
    : undefined;
}

function projectMessage(value: Record<string, unknown>, schema: Schema): Record<string, unknown> {
  const projected: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(schema)) {
    if (Object.hasOwn(value, name)) projected[name] = project(value[name], member);
  }
  return projected;
}

/** Removes "", null, undefined, and the arrays and objects left empty, at every depth (cleanEmpty). */
function withoutEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const kept = value.map(withoutEmpty).filter((item) => item !== undefined);
    return kept.length > 0 ? kept : undefined;
  }
  if (!isObject(value)) return value;
  const kept = Object.entries(value)
    .map(([key, item]) => [key, withoutEmpty(item)] as const)
    .filter(([, item]) => item !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The card as A2A 1.0's schema reads it, without `signatures`: what the official SDKs canonicalise
 * to check a signature. Where a oneof (a security scheme's kind, an OAuth flow) has two members set,
 * the SDKs keep one and this keeps both; a card this service builds sets one.
 */
export function cardAsSchema10(card: Record<string, unknown>): Record<string, unknown> {
  return (withoutEmpty(projectMessage(card, AGENT_CARD)) as Record<string, unknown> | undefined) ?? {};
}
