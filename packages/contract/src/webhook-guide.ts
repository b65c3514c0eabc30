import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TOLERANCE_SECONDS } from './webhooks.js';

/** The webhooks tag's description in the OpenAPI document at /api/docs: the scheme, and examples in curl. */
export const WEBHOOKS_API_GUIDE = `Webhooks tell your server when a compression or conversion ends and when a My Files file is ready
(trial and Premium accounts, up to ${WEBHOOK_ENDPOINTS_MAX} endpoints). Register an endpoint:

    curl -X POST https://shrinkly.example/api/webhooks \\
      -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\
      -d '{"url":"https://example.com/hooks/shrinkly","events":["compression.completed","file.ready"]}'

The answer holds the endpoint's signing secret (\`whsec_…\`); GET /api/webhooks shows it again. Or name a one-off
\`callbackUrl\` on a single request, signed with your account's callback secret (also in GET /api/webhooks):

    curl -X POST https://shrinkly.example/api/compress -H "Authorization: Bearer $TOKEN" \\
      -F file=@photo.jpg -F callbackUrl=https://example.com/hooks/once

Every delivery is a POST of JSON \`{ id, type, createdAt, data }\` with these headers:

- \`Shrinkly-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\`
- \`Shrinkly-Event\`: the event type; \`Shrinkly-Delivery\`: the delivery id (the same on every retry: skip duplicates).

Check the signature over the raw body and refuse a \`t\` more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from now (a replay).
Answer 2xx within 10 seconds; anything else (redirects included: they are not followed) is retried with exponential
backoff, ${WEBHOOK_MAX_ATTEMPTS} tries over about 24 hours. Deliveries go to public addresses only. Recent deliveries are
listed at GET /api/webhooks/deliveries, and one is sent again with:

    curl -X POST https://shrinkly.example/api/webhooks/deliveries/$DELIVERY_ID/resend -H "Authorization: Bearer $TOKEN"
`;
