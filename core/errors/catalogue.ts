/**
 * The one error catalogue. Every transport maps from here: HTTP status for REST,
 * JSON-RPC code for MCP and A2A, OAuth error for the OAuth endpoints.
 * JSON-RPC codes: the reserved -32700..-32600 range for envelope errors, -32000..-32099
 * (implementation-defined server errors) for the domain.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Correct the named parameter as described and send the request again.',
  },
  INVALID_REDIRECT_URI: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Register only redirect URIs this server accepts: an http loopback callback on 127.0.0.1, [::1] or localhost (any port and path), a vetted hosted agent callback, an https callback on an allowed client domain, or an allowed private-use scheme. The operator of this server can allow more: OAUTH_HOSTED_CALLBACKS (exact https callbacks), OAUTH_REDIRECT_HOSTS (https hosts), OAUTH_PRIVATE_USE_SCHEMES (schemes such as com.example.app).',
  },
  INVALID_CLIENT_METADATA: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Correct the named client metadata field (RFC 7591) and register again.',
  },
  // RFC 6749 section 5.2 (and RFC 8707, RFC 7009) errors of the token and revocation endpoints;
  // adapters/oauth/oauth-error.ts answers each as its lower-case OAuth `error` code.
  OAUTH_INVALID_REQUEST: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Send the request form-encoded (application/x-www-form-urlencoded) with every required parameter once, as RFC 6749 describes.',
  },
  OAUTH_INVALID_CLIENT: {
    status: 401,
    jsonRpc: -32001,
    resolution:
      'Send the client_id this server registered for you (POST /api/oauth/register) and no client secret or Authorization header: clients are public.',
  },
  OAUTH_INVALID_GRANT: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Start a new authorization (authorization code flow with PKCE); codes are single-use and short-lived, and a refresh token works once.',
  },
  OAUTH_UNAUTHORIZED_CLIENT: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Use a grant type this client registered (grant_types), or register again with it.',
  },
  OAUTH_UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Use grant_type authorization_code or refresh_token.',
  },
  OAUTH_INVALID_SCOPE: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      "Ask for the granted scope or a subset of it; a broader scope needs a new authorization with the user's consent.",
  },
  OAUTH_INVALID_TARGET: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Omit resource, or send the MCP resource the authorization was for ({base_url}/v1/mcp).',
  },
  AUTHORIZATION_REQUEST_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      "The application sent an authorization request this server cannot answer safely: its client_id must be a registered client and its redirect_uri one of that client's registered redirect URIs (sent once each). Tell the application's developer; if the redirect URI was refused by this server's policy, its operator can allow it (OAUTH_HOSTED_CALLBACKS, OAUTH_REDIRECT_HOSTS, OAUTH_PRIVATE_USE_SCHEMES; OAUTH_LOOPBACK_PATHS restricts loopback paths).",
  },
  CLIENT_METADATA_DOCUMENT_UNAVAILABLE: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      "The application's client_id is the URL of its client metadata document, and this server could not fetch it: it must answer 200 with application/json within 5 seconds, at most 5 KiB, without a redirect, from a public address. Tell the application's developer.",
  },
  CLIENT_METADATA_DOCUMENT_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'The application\'s client metadata document must be a JSON object whose client_id equals its URL exactly, with a client_name, token_endpoint_auth_method "none" (or none given), and at least one redirect URI this server accepts (the same rules as registration). If the message says a redirect URI is not allowed, the operator of this server can allow it (the variable it names: OAUTH_HOSTED_CALLBACKS, OAUTH_REDIRECT_HOSTS or OAUTH_PRIVATE_USE_SCHEMES); otherwise tell the application\'s developer.',
  },
  FORM_CHECK_FAILED: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      "Start again from the application (the form expired or did not come from this site), and let your browser keep this site's cookies.",
  },
  NO_BUSINESS_MEMBERSHIP: {
    status: 403,
    jsonRpc: -32003,
    resolution: 'Ask an owner of the business to add your account as a member, then connect the application again.',
  },
  MALFORMED_JSON: {
    status: 400,
    jsonRpc: -32700,
    resolution: 'Send a syntactically valid JSON document as the request body.',
  },
  UNAUTHORIZED: {
    status: 401,
    jsonRpc: -32001,
    resolution: 'Send valid credentials in the Authorization header.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      "Obtain a token that also carries one of the scopes listed in details (required_scopes), with the user's consent, and retry once.",
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    jsonRpc: -32004,
    resolution: 'Check the identifier; list the collection to find valid identifiers.',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    jsonRpc: -32601,
    resolution: 'Check the path against the API reference at /api/docs (machine-readable at /api/openapi.json).',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    jsonRpc: -32601,
    resolution: 'Use one of the methods listed in the Allow response header.',
  },
  MCP_WRITE_SCOPE_REQUIRED: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      'Run the Authorization Code flow with PKCE again asking for the scopes in required_scopes (the user consents to them), then retry the call once. The current token is never broadened.',
  },
  MCP_ORIGIN_NOT_ALLOWED: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      "Call the MCP endpoint from an MCP client, or from a page of this site; the operator may allow another page's origin with MCP_ALLOWED_ORIGINS (without SITE_URL, pages on this machine are allowed). Web pages of other origins may not use it.",
  },
  MCP_PROTOCOL_VERSION_UNSUPPORTED: {
    status: 400,
    jsonRpc: -32600,
    resolution:
      'Use a revision this server supports (listed in the message and in data.supported): 2026-07-28 in MCP-Protocol-Version and in _meta["io.modelcontextprotocol/protocolVersion"], or the one initialize negotiated.',
  },
  MCP_HEADER_MISMATCH: {
    status: 400,
    jsonRpc: -32020,
    resolution:
      'Send MCP-Protocol-Version, Mcp-Method and (for tools/call) Mcp-Name with the same values as the body: _meta["io.modelcontextprotocol/protocolVersion"], method and params.name (a value outside printable ASCII as =?base64?...?=).',
  },
  MCP_INVALID_REQUEST: {
    status: 400,
    jsonRpc: -32600,
    resolution:
      'POST exactly one JSON-RPC 2.0 request or notification object ({"jsonrpc":"2.0","id":1,"method":"...","params":{...}}); batches are not supported.',
  },
  MCP_METHOD_NOT_FOUND: {
    status: 404,
    jsonRpc: -32601,
    resolution:
      'Use one of the methods this server implements: with MCP revision 2026-07-28 server/discover, tools/list and tools/call; with 2025-11-25 and earlier initialize, ping, tools/list and tools/call.',
  },
  MCP_INVALID_PARAMS: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Correct the params of the JSON-RPC request as the message describes (see the MCP specification of the method).',
  },
  MCP_VIEW_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Name only the toolsets and tools the message lists, comma-separated, in {base_url}/v1/mcp/x/{toolset}[,{toolset}][/readonly] or in X-MCP-Toolsets and X-MCP-Tools; X-MCP-Readonly takes true or false. Leave them out for the whole catalogue.',
  },
  MCP_TOOL_READ_ONLY: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      'This connection is read-only ({base_url}/v1/mcp/readonly, a /readonly path or X-MCP-Readonly: true), so its write tools are hidden and refused. Connect without read-only to write; the token is not the obstacle.',
  },
  MCP_TOOL_NOT_GRANTABLE: {
    status: 403,
    jsonRpc: -32003,
    resolution:
      "The application's registration does not include the tool's write scope, or the signed-in member's role (only owners and admins may let an application write) cannot consent to it. Register the application with the write scope, or have an owner or admin connect it; a step-up with this grant would be refused.",
  },
  MCP_TOOL_NOT_FOUND: {
    status: 404,
    jsonRpc: -32602,
    resolution: 'Call tools/list for the names of the tools, and call one of them.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    jsonRpc: -32600,
    resolution: 'Accept one of the media types this endpoint produces (application/json).',
  },
  CONFLICT: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Reload the current state of the resource and resolve the conflict before retrying.',
  },
  // -32010 and -32011, not -32009: A2A gives -32009 to VersionNotSupported, and these reach A2A clients.
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    jsonRpc: -32010,
    resolution: 'Use a new Idempotency-Key for a different request; reuse a key only to retry the identical request.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    jsonRpc: -32011,
    resolution:
      'The first request with this Idempotency-Key is still running; wait for the number of seconds in the Retry-After header, then send the same request again to read its answer.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    jsonRpc: -32600,
    resolution:
      'Send an Idempotency-Key of 1 to 128 visible ASCII characters (0x21 to 0x7E), for example a UUID, or leave the header out.',
  },
  // A2A JSON-RPC (0.3 and 1.0): the envelope errors are the reserved codes, the A2A-specific ones its -32001..-32009.
  A2A_INVALID_REQUEST: {
    status: 400,
    jsonRpc: -32600,
    resolution:
      'Send one JSON-RPC 2.0 request object: {"jsonrpc": "2.0", "id": <string, number or null>, "method": "message/send" (A2A 0.3) or "SendMessage" (A2A 1.0, with the header A2A-Version: 1.0), "params": {...}}.',
  },
  A2A_METHOD_NOT_FOUND: {
    status: 200,
    jsonRpc: -32601,
    resolution:
      'Use a method this agent serves (the error message lists those of your A2A version): A2A 0.3 without A2A-Version, A2A 1.0 with the header A2A-Version: 1.0 (SendMessage, GetTask, ListTasks, CancelTask, SendStreamingMessage, SubscribeToTask, the push notification config methods, GetExtendedAgentCard).',
  },
  A2A_INVALID_PARAMS: {
    status: 200,
    jsonRpc: -32602,
    resolution:
      'Correct the named parameter: a message needs a messageId, role user and at least one part; a data part {"skill": "<id>", "arguments": {...}} needs arguments as the agent card describes the skill.',
  },
  A2A_CONTENT_TYPE_NOT_SUPPORTED: {
    status: 200,
    jsonRpc: -32005,
    resolution:
      'Send the request as a data part {"skill": "<id>", "arguments": {...}} or a text part: no skill reads files (url, raw or file parts).',
  },
  A2A_TASK_NOT_FOUND: {
    status: 200,
    jsonRpc: -32001,
    resolution:
      'Use the id of a task this agent answered within its retention time; tasks are kept for the time the agent card documents, then deleted.',
  },
  A2A_TASK_NOT_CANCELABLE: {
    status: 200,
    jsonRpc: -32002,
    resolution:
      'A task that has completed or failed cannot be canceled; read it with GetTask (tasks/get). Only a task that is submitted, working or waiting for input is canceled.',
  },
  A2A_UNSUPPORTED_OPERATION: {
    status: 200,
    jsonRpc: -32004,
    resolution:
      'A task that has ended (completed, failed, rejected) takes no more messages: send a new message without taskId (keep contextId to stay in the conversation).',
  },
  // -32031 and -32032, outside A2A's -32001..-32009 (its -32001 is TaskNotFound): A2A 1.0 leaves auth errors' JSON-RPC code to the agent.
  A2A_UNAUTHORIZED: {
    status: 401,
    jsonRpc: -32031,
    resolution:
      'Send no Authorization header (anonymous use), or an OAuth access token issued for this A2A endpoint: authorize with resource={base_url}/v1/agent/a2a and scope a2a:tasks (the resource_metadata URL of the WWW-Authenticate header leads to the authorization server), then send Authorization: Bearer <token>.',
  },
  A2A_INSUFFICIENT_SCOPE: {
    status: 403,
    jsonRpc: -32032,
    resolution:
      'Authorize again asking for the scope a2a:tasks with resource={base_url}/v1/agent/a2a, and send the new access token.',
  },
  A2A_VERSION_NOT_SUPPORTED: {
    status: 400,
    jsonRpc: -32009,
    resolution: 'Send A2A-Version: 1.0, A2A-Version: 0.3 or no A2A-Version header (0.3).',
  },
  A2A_PUSH_CONFIG_LIMIT_REACHED: {
    status: 200,
    jsonRpc: -32033,
    resolution:
      'Delete a push notification config you no longer need (DeleteTaskPushNotificationConfig, tasks/pushNotificationConfig/delete), or reuse its id to replace it.',
  },
  // The paid reference (x402 v2) and its UCP checkout.
  PAYMENT_REQUIRED: {
    status: 402,
    jsonRpc: -32012,
    resolution:
      'Pay with x402 v2: read the PAYMENT-REQUIRED header (base64 JSON payment requirements), sign an EIP-3009 authorization for one of its accepts[] entries, and send the same request again with the PAYMENT-SIGNATURE header (x402 clients such as @x402/fetch, or mppx, do this for you).',
  },
  PAYMENT_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Send PAYMENT-SIGNATURE as standard base64 of the x402 v2 PaymentPayload JSON ({x402Version: 2, resource, accepted, payload: {signature, authorization}}), built for the requirements of the 402 answer.',
  },
  PAYMENT_REJECTED: {
    status: 402,
    jsonRpc: -32012,
    resolution:
      'Sign a new payment for the requirements in the PAYMENT-REQUIRED header of this answer (the amount, payTo, asset and network exactly, a current validity window and a fresh nonce) and send the request again.',
  },
  PAYMENT_ALREADY_USED: {
    status: 402,
    jsonRpc: -32012,
    resolution:
      'A signed payment buys one reference once: sign a new payment (a fresh nonce) for the requirements in the PAYMENT-REQUIRED header and send the request again.',
  },
  PAYMENT_NOT_CONFIGURED: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'Payments are not configured on this deployment, so the paid reference cannot be bought here; the operator sets the variables named in the message (see docs/payments.md, Configuring payments).',
  },
  PAYMENT_FACILITATOR_UNAVAILABLE: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'The payment facilitator did not answer in time or failed; nothing was charged or delivered. Retry after the number of seconds in the Retry-After header with the same payment.',
  },
  PAYMENT_FACILITATOR_ERROR: {
    status: 502,
    jsonRpc: -32050,
    resolution:
      'The payment facilitator answered with an error; nothing was delivered. Retry shortly; if it persists, report it with the request id quoted in the message.',
  },
  ACP_NOT_SUPPORTED: {
    status: 404,
    jsonRpc: -32004,
    resolution:
      'This service does not implement the Agentic Commerce Protocol (its RFC: a 404 discovery document means no ACP; do not retry). Buy through UCP instead: read the UCP profile at /.well-known/ucp and create a checkout session (POST /api/v1/agent/ucp/checkout), or pay the x402 paid reference directly.',
  },
  // Settlement recovery and payment-identifier (issue 32, part A).
  PAYMENT_SETTLEMENT_PENDING: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'The payment was sent to the facilitator and its settlement is not confirmed yet; it may have been taken. Do NOT sign a new payment: send the same request with the same PAYMENT-SIGNATURE again after the seconds in Retry-After, until it answers 200 (settled: the content) or 402 (nothing was charged: sign a new payment).',
  },
  PAYMENT_IDENTIFIER_CONFLICT: {
    status: 409,
    jsonRpc: -32010,
    resolution:
      'A payment-identifier names one payment of one payer: send the payment it was first used with to get its answer, or use a new identifier for a new payment.',
  },
  PAYMENT_IDENTIFIER_REQUIRED: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'This server requires the payment-identifier extension: add extensions["payment-identifier"].info.id (16 to 128 of A-Z a-z 0-9 _ -) to the PaymentPayload, as the 402 declares it, and send it again.',
  },
  CHECKOUT_SESSION_EXPIRED: {
    status: 410,
    jsonRpc: -32004,
    resolution:
      'Create a new checkout session (POST /api/v1/agent/ucp/checkout) and pay through its payment handoff URL before it expires.',
  },
  CHECKOUT_SESSION_COMPLETED: {
    status: 409,
    jsonRpc: -32004,
    resolution:
      'This checkout session is already paid; read it (GET /api/v1/agent/ucp/checkout/{id}) for its receipt, or create a new session to buy again.',
  },
  CHECKOUT_SESSION_PAYMENT_IN_PROGRESS: {
    status: 409,
    jsonRpc: -32004,
    resolution:
      'Another payment for this checkout session is being settled, or its outcome is not known yet: do not pay again. Read the session (GET /api/v1/agent/ucp/checkout/{id}) until it is completed, or payable again (ready_for_complete).',
  },
  CHECKOUT_SESSION_CANCELED: {
    status: 409,
    jsonRpc: -32004,
    resolution:
      'This checkout session was canceled and can no longer be updated, completed or paid; create a new session (POST /api/v1/agent/ucp/checkout-sessions) to buy.',
  },
  // UCP negotiation (overview, Error Handling): the platform profile named by the UCP-Agent header.
  // The body also carries UCP's own error shape (ucp.status "error", messages[].code in UCP's words).
  UCP_PROFILE_URL_INVALID: {
    status: 400,
    jsonRpc: -32001,
    resolution:
      'Send a UCP-Agent header naming your platform profile as an RFC 8941 dictionary, profile="<the absolute https URL of your profile>".',
  },
  UCP_PROFILE_UNREACHABLE: {
    status: 424,
    jsonRpc: -32001,
    resolution:
      'Serve the platform profile at its URL over https from a public address, answering 200 with JSON (no redirect) within 5 seconds, then send the request again.',
  },
  UCP_PROFILE_MALFORMED: {
    status: 422,
    jsonRpc: -32001,
    resolution:
      "Publish a platform profile that is valid JSON of at most 128 KiB and matches UCP's platform_schema: ucp.version (YYYY-MM-DD), ucp.services and ucp.payment_handlers (objects, possibly empty), capabilities with version, spec and schema.",
  },
  UCP_VERSION_UNSUPPORTED: {
    status: 422,
    jsonRpc: -32001,
    resolution:
      "Speak UCP 2026-08-25, the version in this business profile (/.well-known/ucp), and say so in your profile's ucp.version.",
  },
  UCP_CAPABILITIES_INCOMPATIBLE: {
    // A business outcome in UCP, not a transport error: answered 200 with ucp.status "error".
    status: 200,
    jsonRpc: -32001,
    resolution:
      "Add dev.ucp.shopping.checkout at version 2026-08-25 to your platform profile's capabilities: it is the one capability this business offers.",
  },
  IDEMPOTENCY_STORE_UNAVAILABLE: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'The service could not check this Idempotency-Key, so it did not run the request (it never runs a keyed request unchecked). Send the same request with the same key again after the number of seconds in the Retry-After header.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    jsonRpc: -32600,
    resolution: 'Send a smaller request body; the limit is stated in the message.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    jsonRpc: -32600,
    resolution: 'Send the request body as JSON with the header Content-Type: application/json.',
  },
  RATE_LIMITED: {
    status: 429,
    jsonRpc: -32029,
    resolution: 'Wait for the number of seconds in the Retry-After header before sending more requests.',
  },
  INTERNAL_ERROR: {
    status: 500,
    jsonRpc: -32603,
    resolution: 'Retry later. If the problem persists, report it with the request id quoted in the message.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'The service cannot reach its database; retry shortly. It recovers by itself once the database is back.',
  },
  STORAGE_LIMIT_REACHED: {
    status: 503,
    jsonRpc: -32051,
    resolution:
      'The service has stored as many new tasks and answers as it keeps per hour across all clients; wait for the number of seconds in the Retry-After header, then send the request again. Reading a task (tasks/get without an Idempotency-Key) still works.',
  },
  SERVER_BUSY: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'Too many password checks are under way at once; wait for the number of seconds in the Retry-After header, then try again.',
  },
  // Webhooks (issue 18): endpoint management.
  WEBHOOK_URL_REFUSED: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Give an absolute https URL (at most 2048 characters, no user name or password) whose host is a public name or address; loopback, private, link-local and reserved addresses are refused.',
  },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Delete an endpoint you no longer use, or subscribe an existing endpoint to more event types.',
  },
  // Webhooks (issue 33): recovery.
  WEBHOOK_RECOVERY_WINDOW_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Send `since` (and `until`, or omit it for now) as ISO 8601 instants with since before until, since within the last 30 days (deliveries are kept 30 days).',
  },
  // Workspace writes (issue 33): a status change the record's current status does not allow.
  STATUS_TRANSITION_NOT_ALLOWED: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'Read the record again (its current status is in details): change it only along the transitions the message names, or leave it as it is. A change that already happened is not repeated.',
  },
  // The billing writes of /api/trpc (estimates, invoices, customer payments).
  INVOICE_NOT_PAYABLE: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Only an open invoice takes payments: issue a draft invoice first; a paid or void invoice takes none.',
  },
  PAYMENT_EXCEEDS_BALANCE: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      "Record at most the invoice's balance (details: balance_minor; get-invoice shows it); money beyond it is not applied to the invoice.",
  },
  // The event feed (issue 33): GET /v1/events.
  EVENT_CURSOR_INVALID: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      'Pass `after` exactly as a previous answer gave it in next_cursor (cursors belong to the business whose token read them), or `after=now` to start from the events committed from now on, or omit it to start at the oldest event kept.',
  },
  // Directory claims (issue 34): docs/directory-import-and-claims.md#claims.
  DIRECTORY_LISTING_CLAIM_PENDING: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'Another claim of this listing is being reviewed: wait for its decision (GET /v1/directory/public/{slug} shows claim_status), then claim again if the listing is unclaimed.',
  },
  DIRECTORY_LISTING_ALREADY_CLAIMED: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'The listing is claimed already. If your business is the one it describes and another holds it, contact the operator of this service, who can revoke a claim.',
  },
  DIRECTORY_CLAIM_LIMIT_REACHED: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'Wait for the operator to decide your pending claims (GET /v1/directory/claims?status=pending), or withdraw one you no longer need.',
  },
  DIRECTORY_CLAIM_EVIDENCE_REQUIRED: {
    status: 400,
    jsonRpc: -32602,
    resolution:
      "None of the automatic checks matched (the business profile's phone, website domain or e-mail domain against the listing's phone and website): add evidence_note saying why the listing is yours, or correct the business profile first.",
  },
  DIRECTORY_CLAIM_NOT_PENDING: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'Only a pending claim can be approved, rejected or withdrawn; its current status is in details. A decided claim stays decided: a new claim starts again.',
  },
  DIRECTORY_LISTING_NOT_CLAIMED: {
    status: 409,
    jsonRpc: -32009,
    resolution:
      'Only a claimed listing can be revoked; its current claim_status is in details (a pending claim is rejected instead).',
  },
  // The SAM.gov sync (issue 34): npm run admin -- sync-government-opportunities, and the worker's schedule.
  SAM_SYNC_NOT_CONFIGURED: {
    status: 503,
    jsonRpc: -32050,
    resolution:
      'Set SAM_API_KEY (a SAM.gov public API key, from Account Details on SAM.gov) in the environment of the process that syncs, then run the sync again (docs/government-opportunities-sync.md).',
  },
  SAM_KEY_REJECTED: {
    status: 502,
    jsonRpc: -32050,
    resolution:
      'SAM.gov refused the API key (HTTP 401 or 403): check SAM_API_KEY (keys expire after 90 days; renew it on SAM.gov, Account Details) and SAM_API_BASE_URL, then run the sync again. Committed pages are kept; the next run resumes.',
  },
  SAM_UPSTREAM_FAILED: {
    status: 502,
    jsonRpc: -32050,
    resolution:
      'SAM.gov did not give a usable answer after the retries (the message names the request, without the key). Committed pages are kept: run the sync again later and it resumes from the last committed page; `npm run admin -- sync-status` shows the last error.',
  },
  SAM_BUDGET_SPENT: {
    status: 429,
    jsonRpc: -32029,
    resolution:
      'The daily request budget (SAM_DAILY_REQUEST_BUDGET, all processes together) is spent for this UTC day: the run stopped after its last committed page and resumes there on the next run after midnight UTC.',
  },
} as const satisfies Record<string, { status: number; jsonRpc: number; resolution: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
