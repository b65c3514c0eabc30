import { z } from 'zod';

/** What an account's webhook endpoints can be told about. */
export const WEBHOOK_EVENTS = [
  'compression.completed',
  'compression.failed',
  'conversion.completed',
  'conversion.failed',
  'file.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a delivery stands: waiting for its next try, received with a 2xx, or given up after its retries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** Endpoints one account may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Longest endpoint or callback URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Every signing secret starts with this (as Stripe's do), so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/**
 * Tries of one delivery before it is given up: the first at once, then after 1, 2, 4 … 256 minutes and twice 8 hours
 * (WEBHOOK_RETRY_CAP_FACTOR times the first wait): the last try about 24 hours after the first.
 */
export const WEBHOOK_MAX_ATTEMPTS = 12;
/** The longest wait between two tries, as a multiple of the first wait (1 minute × 480 = 8 hours). */
export const WEBHOOK_RETRY_CAP_FACTOR = 480;
/** How old a signature a receiver should accept, in seconds: older ones may be replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What people see when their plan has no webhooks. */
export const WebhookMessages = {
  premiumOnly:
    'Webhooks are a Premium feature. Start a free trial or upgrade to Premium to have your endpoints told when files are ready.',
  callbackNeedsAccount: 'A callbackUrl needs a signed-in trial or Premium account: sign in, or leave callbackUrl out.',
  tooMany: `An account can have up to ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`,
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  privateAddress: 'This URL points at a private, loopback or link-local address, which webhooks never call.',
  httpsOnly: 'Webhook URLs must start with https://',
} as const;

/** An endpoint or callback URL: http(s) here, https only unless the server allows private addresses (checked there). */
export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a full URL such as https://example.com/hooks/shrinkly' })
  .max(WEBHOOK_URL_MAX_LENGTH, `A webhook URL can be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);

/** The optional one-off `callbackUrl` of a compression, upload or conversion request (signed-in trial or premium callers). */
export const callbackUrlSchema = z
  .preprocess((v) => (v === '' ? undefined : v), webhookUrlSchema.optional())
  .describe("receives this job's completed or failed event once, signed with the account's callback secret");

/** POST /api/webhooks */
export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  events: z.array(webhookEventSchema).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** One registered endpoint. Its secret is shown to its owner whenever asked (the owner may sign in anyway). */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  secret: z.string().describe("whsec_…: the key of this endpoint's HMAC-SHA256 signatures"),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** GET /api/webhooks: the endpoints, and the secret that signs one-off callbacks (callbackUrl) of the account. */
export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  callbackSecret: z.string().describe("whsec_…: signs the deliveries to a request's one-off callbackUrl"),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** One event sent (or being sent) to one URL, and how its tries went; no response body is kept. */
export const webhookDeliverySchema = z.object({
  id: z.string().describe('also sent as Shrinkly-Delivery, for receivers to skip duplicates'),
  endpointId: z.string().nullable().describe('null for a one-off callbackUrl'),
  url: z.string(),
  event: webhookEventSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The JSON body of every delivery. `data` names the job or file; it never carries a token or a secret. */
export const webhookPayloadSchema = z.object({
  id: z.string().describe('the delivery id (Shrinkly-Delivery)'),
  type: webhookEventSchema,
  createdAt: z.string(),
  data: z.object({
    jobId: z.string().optional(),
    fileId: z.string().optional(),
    name: z.string(),
    originalSize: z.number().int(),
    compressedSize: z.number().int().optional(),
    convertedSize: z.number().int().optional(),
    targetFormat: z.string().optional(),
    qualityScore: z.number().nullable().optional(),
    error: z.string().optional(),
    downloadUrl: z.string().optional().describe('the API route that answers the result with your own credentials'),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
