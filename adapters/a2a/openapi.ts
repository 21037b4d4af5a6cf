import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { A2A_ENDPOINT_PATH } from './card.ts';
import { servedMethods } from './methods.ts';

const ZRequestId = z.union([z.string(), z.number().int(), z.null()]).describe('Echoed in the answer.');

const ZJsonRpcRequest = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: ZRequestId,
    method: z
      .enum([...new Set([...servedMethods('0.3'), ...servedMethods('1.0')])] as [string, ...string[]])
      .describe(
        `Without A2A-Version (0.3): ${servedMethods('0.3').join(', ')}. With A2A-Version: 1.0: ${servedMethods('1.0').join(', ')}.`,
      ),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'A2A params. message/send: {message: {kind: "message", messageId, role: "user", parts: [{kind: "data", data: ' +
          '{skill, arguments}} | {kind: "text", text}], contextId?, taskId?}, configuration?: {historyLength?}}. SendMessage: ' +
          'the same without kind fields, role "ROLE_USER", parts [{data} | {text}]. tasks/get and GetTask: {id, historyLength?}. tasks/cancel and CancelTask: {id}. ListTasks: {contextId?, status?, ' +
          'pageSize?, pageToken?, historyLength?, statusTimestampAfter?, includeArtifacts?}. SubscribeToTask and tasks/resubscribe: {id}. ' +
          'The push notification config methods: see the A2A guide.',
      ),
  })
  .meta({ id: 'A2aJsonRpcRequest' });

const ZJsonRpcResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: ZRequestId,
    result: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        '0.3: the Task ({kind: "task", id, contextId, status, artifacts, history}); 1.0 SendMessage: {task}; GetTask and CancelTask: the Task; ' +
          'ListTasks: {tasks, nextPageToken, pageSize, totalSize}. SendStreamingMessage, SubscribeToTask, message/stream and ' +
          'tasks/resubscribe answer text/event-stream: one JSON-RPC response per SSE event, its id the task event number.',
      ),
    error: z
      .object({
        code: z.number().int(),
        message: z.string(),
        data: z.record(z.string(), z.unknown()).optional().describe('The ErrorMessage.'),
      })
      .optional()
      .describe(
        '-32601 method not found, -32602 invalid params (naming the field), -32001 task not found, -32002 task not ' +
          'cancelable, -32004 task ended. 0.3: data is the ErrorMessage; 1.0: the typed details array (google.rpc.ErrorInfo).',
      ),
  })
  .meta({ id: 'A2aJsonRpcResponse' });

const ZAgentCard = z
  .record(z.string(), z.unknown())
  .describe(
    'An A2A AgentCard valid for 1.0 (supportedInterfaces) and 0.3 (protocolVersion, url, preferredTransport): name, ' +
      'description, version, provider, documentationUrl, capabilities, defaultInputModes, defaultOutputModes, skills.',
  );

/**
 * The OpenAPI description of the A2A endpoint (its card on GET, JSON-RPC on POST), merged into the
 * generated document like the media paths. The well-known copies of the card are at the site
 * root, outside the document's server ({base_url}), and named in the GET's description.
 */
export function a2aOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    [A2A_ENDPOINT_PATH]: {
      get: {
        operationId: 'agent-getA2aCard',
        tags: ['Agent'],
        summary: 'A2A agent card',
        description:
          'The A2A agent card, also at {site_url}/.well-known/agent-card.json and {site_url}/.well-known/agent.json ' +
          '(the same bytes). Its skills are generated from the skill procedures. Cached publicly for 5 minutes, with an ETag.',
        security: [],
        responses: {
          '200': {
            description: 'The agent card.',
            headers: { 'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' } } },
            content: { 'application/json': { schema: ZAgentCard } },
          },
        },
      },
      post: {
        operationId: 'agent-a2a',
        tags: ['Agent'],
        summary: 'A2A JSON-RPC endpoint',
        description:
          'One JSON-RPC 2.0 request per POST, in A2A 0.3 (no A2A-Version header, or 0.3) or 1.0 (A2A-Version: 1.0). ' +
          'Send a message with a data part {"skill": "<id>", "arguments": {...}} (the arguments of the REST endpoint the ' +
          'skill names) or a text part; the answer is a Task whose artifact holds the REST JSON and a summary. Errors ' +
          'inside a well-formed request are JSON-RPC errors with HTTP 200; a server failure is -32603 with HTTP 5xx. ' +
          'No credential is needed; a task id is the key to an anonymous task. An optional OAuth access token for this ' +
          "endpoint (Authorization: Bearer, scope a2a:tasks; see the card's securitySchemes) makes the caller's tasks " +
          'private to its grant and is needed for push notification configs and the extended card: a refused token is 401 ' +
          '(A2A_UNAUTHORIZED), one without the scope 403.',
        security: [],
        requestParams: {
          header: z.object({
            'A2A-Version': z
              .enum(['0.3', '0.3.0', '1.0'])
              .optional()
              .describe('The A2A version the request speaks; absent: 0.3. Anything else: -32009 (HTTP 400).'),
            'Idempotency-Key': z
              .string()
              .min(1)
              .max(128)
              .optional()
              .describe(
                'Optional, 1 to 128 visible ASCII characters: a retry with the same key and body replays the first answer.',
              ),
          }),
        },
        requestBody: { required: true, content: { 'application/json': { schema: ZJsonRpcRequest } } },
        responses: {
          '200': {
            description: 'The JSON-RPC response: a result, or an error inside a well-formed request.',
            content: { 'application/json': { schema: ZJsonRpcResponse } },
          },
          '400': {
            description:
              'Not a JSON-RPC request (-32700 not JSON, -32600 not a request object), an unsupported A2A-Version ' +
              '(-32009) or an invalid Idempotency-Key. The body is an ErrorMessage and, in the same object, a JSON-RPC ' +
              'error response: {code, message, resolution, status, jsonrpc: "2.0", id, error: {code, message}}.',
          },
          '409': {
            description:
              'Idempotency-Key reused with another request (IDEMPOTENCY_KEY_REUSED), or its first request is still running ' +
              '(IDEMPOTENCY_REQUEST_IN_PROGRESS, with Retry-After).',
          },
          '401': {
            description:
              'A token that is malformed, expired, revoked or not issued for this endpoint, or a method that needs one sent ' +
              'without (A2A_UNAUTHORIZED, with WWW-Authenticate naming the resource metadata).',
          },
          '403': { description: 'An access token without the scope a2a:tasks (A2A_INSUFFICIENT_SCOPE).' },
          '413': { description: 'The body exceeds 64 KiB (code PAYLOAD_TOO_LARGE).' },
          '429': {
            description:
              "The client's A2A budget is spent (RATE_LIMITED), or too many streams are open for the client or the " +
              'instance; with Retry-After.',
          },
          '415': { description: 'The body is not sent as application/json (code UNSUPPORTED_MEDIA_TYPE).' },
        },
      },
    },
  };
}
