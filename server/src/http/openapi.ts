import { type Endpoint, endpoints, errorBodySchema, PRODUCT_NAME, scopesText, WEBHOOKS_API_GUIDE } from '@shrinkly/contract';
import { z } from 'zod';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing, invalid or expired token, or wrong credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported type',
  429: 'Too many attempts',
};

function operation(e: Endpoint): JsonObject {
  const error = { content: { 'application/json': { schema: schemaOf(errorBodySchema, 'output') } } };
  // A raw route answers the file's own bytes (or a redirect), not JSON.
  const success = e.raw
    ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
    : { 'application/json': { schema: schemaOf(e.response, 'output') } };
  const responses: JsonObject = {
    [String(e.status ?? 200)]: { description: 'Success', content: success },
    400: { description: STATUS_TEXT[400], ...error },
  };
  for (const status of e.errors ?? []) responses[String(status)] = { description: STATUS_TEXT[status] ?? 'Error', ...error };
  if (e.auth !== 'none' && !responses['401']) responses['401'] = { description: STATUS_TEXT[401], ...error };
  const parameters = [
    ...(e.params ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(e.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: schemaOf(schema as z.ZodType, 'input'),
    })),
  ];
  const multipart = e.multipart ? { requestBody: multipartBody(e.multipart) } : {};
  return {
    summary: e.summary,
    ...(e.apiKey ? { description: `API keys: ${scopesText(e.apiKey)}.` } : {}),
    tags: [e.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...multipart,
    ...security(e),
    ...(e.request
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(e.request, 'input') } } } }
      : {}),
    responses,
  };
}

/**
 * Who may call a route: a user route takes the sign-in token, and an API key when the contract opens it to keys; a
 * public route that takes a key works without one too (the empty requirement).
 */
function security(e: Endpoint): JsonObject {
  if (e.auth === 'admin') return { security: [{ adminToken: [] }] };
  const keys = e.apiKey ? [{ apiKey: [] }, { apiKeyBasic: [] }] : [];
  if (e.auth === 'user') return { security: [{ userToken: [] }, ...keys] };
  return keys.length > 0 ? { security: [{}, ...keys] } : {};
}

/** How to call the API with a key, shown at the top of the document. */
const API_DESCRIPTION = [
  'Every route below is described from the same contract the server validates with.',
  '',
  '**API keys.** Make a key on Account Settings → API keys (trial and premium accounts) and send it as a bearer',
  'token, or as the password of HTTP Basic (any user name). A key calls the routes its scopes open (`compress`,',
  "`convert`, `files:read`, `files:write`; each route says which) with the account's own plan rules; the account,",
  'its keys and its billing need the sign-in token. Each key may make a limited number of requests a minute',
  '(`RateLimit-Limit`, `RateLimit-Remaining`; past it 429 with `Retry-After`).',
  '',
  '```sh',
  'curl -H "Authorization: Bearer shr_…" -F file=@photo.jpg -F compressionLevel=balanced https://HOST/api/compress',
  'curl -u api:shr_… https://HOST/api/files',
  '```',
].join('\n');

/** A multipart form: the text fields of the contract's schema plus the file part. */
function multipartBody(form: NonNullable<Endpoint['multipart']>): JsonObject {
  const fields = schemaOf(form.fields, 'input');
  const properties = { ...(fields.properties as JsonObject | undefined), [form.file]: { type: 'string', format: 'binary' } };
  return { required: true, content: { 'multipart/form-data': { schema: { ...fields, properties } } } };
}

/** The OpenAPI 3.0 document, generated from the contract's endpoint list so it cannot drift from the code. */
export function buildOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const e of Object.values(endpoints) as Endpoint[]) {
    paths[e.path] ??= {};
    (paths[e.path] as JsonObject)[e.method.toLowerCase()] = operation(e);
  }
  return {
    openapi: '3.0.3',
    info: { title: `${PRODUCT_NAME} API`, version, description: API_DESCRIPTION },
    tags: [{ name: 'webhooks', description: WEBHOOKS_API_GUIDE }],
    components: {
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'shr_… API key' },
        apiKeyBasic: { type: 'http', scheme: 'basic', description: 'any user name, the API key as the password' },
      },
    },
    paths,
  };
}
