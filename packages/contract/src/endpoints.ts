import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminResetRequestSchema,
  authResponseSchema,
  forgotPasswordRequestSchema,
  healthResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  userSchema,
} from './auth.js';
import {
  assembleChunksRequestSchema,
  compressFieldsSchema,
  compressionJobSchema,
  compressionPreviewSchema,
  compressionResponseSchema,
  uploadChunkFieldsSchema,
  uploadChunkResponseSchema,
} from './compression.js';
import {
  assembleFileChunksRequestSchema,
  batchSchema,
  createBatchRequestSchema,
  createFolderRequestSchema,
  downloadLinkRequestSchema,
  downloadLinkResponseSchema,
  fileListQuerySchema,
  fileListSchema,
  fileRecordSchema,
  fileUploadFieldsSchema,
  fileUploadResponseSchema,
  folderListQuerySchema,
  folderListSchema,
  folderSchema,
  moveFileRequestSchema,
  renameFileRequestSchema,
  shareResponseSchema,
  statsSchema,
} from './files.js';
import {
  paypalActivateRequestSchema,
  paypalCreateRequestSchema,
  paypalCreateResponseSchema,
  setupTrialRequestSchema,
  subscribeRequestSchema,
  subscriptionDetailsSchema,
} from './subscription.js';
import { conversionSchema, converterFormatsSchema, convertFieldsSchema } from './converter.js';
import { adminAuditEntrySchema, adminExportRequestSchema, adminUserListSchema, adminUsersQuerySchema, revenueSchema } from './admin.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, a signed-in user (user token), or staff (admin token). */
export type EndpointAuth = 'none' | 'user' | 'admin';

/** One API route: the single description the server validates with, the client calls with and the OpenAPI document shows. */
export interface Endpoint<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  /** JSON request body, when the route takes one. */
  request: Req;
  response: Res;
  /** Names of `{param}` placeholders in `path`, given by the caller. */
  params?: readonly string[];
  /** Query string parameters, given by the caller beside the body. */
  query?: z.ZodObject;
  /** multipart/form-data routes: the name of the file field and the schema of the text fields. */
  multipart?: { file: string; fields: z.ZodObject };
  /** The route answers a file or a redirect, not JSON. */
  raw?: boolean;
  /** Success status; 200 unless stated. */
  status?: number;
  /** Error statuses the route documents besides 400/500. */
  errors?: number[];
}

/** Keeps each endpoint's literal details (its params and query) in the type, so the client can require them. */
function endpoint<
  Req extends z.ZodType | undefined,
  Res extends z.ZodType,
  const P extends readonly string[] = readonly [],
  Q extends z.ZodObject | undefined = undefined,
>(e: Endpoint<Req, Res> & { params?: P; query?: Q }): Endpoint<Req, Res> & { params: P; query: Q } {
  return { ...e, params: e.params ?? ([] as unknown as P), query: e.query as Q };
}

export const endpoints = {
  health: endpoint({
    method: 'GET', path: '/api/health', tag: 'system', auth: 'none', request: undefined,
    response: healthResponseSchema, summary: 'Service health: 200 when the database answers',
  }),
  openApiDocument: endpoint({
    method: 'GET', path: '/api/docs', tag: 'system', auth: 'none', request: undefined,
    response: z.record(z.string(), z.unknown()), summary: 'This API as an OpenAPI 3.0 document, generated from the contract',
  }),
  register: endpoint({
    method: 'POST', path: '/api/auth/register', tag: 'auth', auth: 'none', request: registerRequestSchema,
    response: authResponseSchema, status: 201, errors: [409, 429], summary: 'Create an account and sign in',
  }),
  login: endpoint({
    method: 'POST', path: '/api/auth/login', tag: 'auth', auth: 'none', request: loginRequestSchema,
    response: authResponseSchema, errors: [401, 429], summary: 'Sign in with email and password',
  }),
  me: endpoint({
    method: 'GET', path: '/api/auth/me', tag: 'auth', auth: 'user', request: undefined,
    response: userSchema, errors: [401], summary: 'The signed-in user',
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/api/auth/forgot-password', tag: 'auth', auth: 'none', request: forgotPasswordRequestSchema,
    response: messageResponseSchema, errors: [429],
    summary: 'Email a password reset link (the same answer whether or not the address has an account)',
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/api/auth/reset-password', tag: 'auth', auth: 'none', request: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema, errors: [401, 429],
    summary: 'Set a new password: {token, password} from the emailed link, or {currentPassword, newPassword} with a bearer token',
  }),
  deleteAccount: endpoint({
    method: 'DELETE', path: '/api/auth/delete-account', tag: 'auth', auth: 'user', request: undefined,
    response: messageResponseSchema, errors: [401], summary: 'Delete the signed-in account and everything it owns',
  }),
  adminLogin: endpoint({
    method: 'POST', path: '/api/admin/login', tag: 'admin', auth: 'none', request: adminLoginRequestSchema,
    response: adminLoginResponseSchema, errors: [401, 429], summary: 'Administrator sign-in',
  }),
  adminRequestReset: endpoint({
    method: 'POST', path: '/api/admin/reset-password', tag: 'admin', auth: 'none', request: adminResetRequestSchema,
    response: messageResponseSchema, errors: [429],
    summary: 'Email an administrator a password reset link (the same answer whether or not the address is an administrator)',
  }),
  adminUsers: endpoint({
    method: 'GET', path: '/api/admin/users', tag: 'admin', auth: 'admin', request: undefined, query: adminUsersQuerySchema,
    response: adminUserListSchema, errors: [401], summary: 'Client accounts, newest first: search by name or email with ?q, paged',
  }),
  adminRevenue: endpoint({
    method: 'GET', path: '/api/admin/revenue', tag: 'admin', auth: 'admin', request: undefined,
    response: revenueSchema, errors: [401], summary: 'Revenue from the payments ledger (charges minus refunds) by day, ISO week, month and year, in UTC',
  }),
  adminResetUserPassword: endpoint({
    method: 'POST', path: '/api/admin/reset-password/{id}', params: ['id'], tag: 'admin', auth: 'admin', request: undefined,
    response: messageResponseSchema, errors: [401, 404, 503],
    summary: 'Send the user the normal password reset email now: 400 when the address cannot take mail, 503 when the mail server refused',
  }),
  adminTerminateUser: endpoint({
    method: 'DELETE', path: '/api/admin/users/{id}', params: ['id'], tag: 'admin', auth: 'admin', request: undefined,
    response: messageResponseSchema, errors: [401, 404],
    summary: 'Terminate an account: its provider subscription canceled, every file, blob, folder, job and token gone; its ledger rows kept, anonymised',
  }),
  adminAudit: endpoint({
    method: 'GET', path: '/api/admin/audit', tag: 'admin', auth: 'admin', request: undefined,
    response: z.array(adminAuditEntrySchema), errors: [401], summary: 'Administrators\' actions, newest first',
  }),
  adminRecordExport: endpoint({
    method: 'POST', path: '/api/admin/exports', tag: 'admin', auth: 'admin', request: adminExportRequestSchema,
    response: messageResponseSchema, status: 201, errors: [401], summary: 'Record in the audit trail a CSV export made in the browser',
  }),
  compressionPreview: endpoint({
    method: 'POST', path: '/api/compression-preview', tag: 'compression', auth: 'none', request: undefined,
    multipart: { file: 'file', fields: z.object({}) }, response: compressionPreviewSchema, errors: [413, 415],
    summary: 'Expected size of a file at each level (files under the free limit)',
  }),
  compress: endpoint({
    method: 'POST', path: '/api/compress', tag: 'compression', auth: 'none', request: undefined,
    multipart: { file: 'file', fields: compressFieldsSchema }, response: compressionResponseSchema, errors: [413, 415],
    summary: 'Compress one file; answers the result when it is ready within seconds, else the job to follow',
  }),
  uploadChunk: endpoint({
    method: 'POST', path: '/api/upload-chunk', tag: 'compression', auth: 'none', request: undefined,
    multipart: { file: 'chunk', fields: uploadChunkFieldsSchema }, response: uploadChunkResponseSchema, errors: [409, 413],
    summary: 'Store one chunk of a large upload (idempotent: a repeated chunk replaces itself)',
  }),
  assembleChunks: endpoint({
    method: 'POST', path: '/api/assemble-chunks', tag: 'compression', auth: 'none', request: assembleChunksRequestSchema,
    response: compressionResponseSchema, errors: [409, 413, 415], summary: 'Join the chunks of an upload and start its compression',
  }),
  compressionJob: endpoint({
    method: 'GET', path: '/api/compression-job/{jobId}', params: ['jobId'], tag: 'compression', auth: 'none', request: undefined,
    response: compressionJobSchema, errors: [404], summary: 'State, progress and download link of a compression job',
  }),
  processPaidCompression: endpoint({
    method: 'POST', path: '/api/process-paid-compression/{jobId}', params: ['jobId'], tag: 'compression', auth: 'none', request: undefined,
    response: compressionJobSchema, errors: [402, 404], summary: 'Start the compression of a paid job (refused while unpaid)',
  }),
  simulatePaymentSuccess: endpoint({
    method: 'POST', path: '/api/simulate-payment-success/{jobId}', params: ['jobId'], tag: 'compression', auth: 'none', request: undefined,
    response: compressionJobSchema, errors: [404], summary: 'Sandbox payment provider only: mark the job paid',
  }),
  compressionDownload: endpoint({
    method: 'GET', path: '/api/downloads/{jobId}', params: ['jobId'], tag: 'compression', auth: 'none', request: undefined, raw: true,
    response: z.unknown(), errors: [404, 416],
    summary: 'A compression result\'s bytes through the signed, expiring link a job gives as downloadUrl (?expires&sig); Range requests supported',
  }),
  compressionJobDownload: endpoint({
    method: 'GET', path: '/api/compression-jobs/{id}/download', params: ['id'], tag: 'compression', auth: 'user', request: undefined, raw: true,
    response: z.unknown(), errors: [404, 416], summary: 'The result of one of the signed-in user\'s compression jobs, with the bearer token',
  }),
  listFiles: endpoint({
    method: 'GET', path: '/api/files', tag: 'files', auth: 'user', request: undefined, query: fileListQuerySchema,
    response: fileListSchema,
    summary: 'The caller\'s files, newest first, with those still being compressed (status, job and progress): all of them, or those of one folder with ?folderId',
  }),
  uploadFile: endpoint({
    method: 'POST', path: '/api/files/upload', tag: 'files', auth: 'user', request: undefined,
    multipart: { file: 'file', fields: fileUploadFieldsSchema }, response: fileUploadResponseSchema, errors: [402, 403, 404, 409, 413, 415],
    summary: 'Compress a file and store the smaller result in My Files; a long compression answers 202 with the job to follow',
  }),
  assembleFileChunks: endpoint({
    method: 'POST', path: '/api/files/assemble-chunks', tag: 'files', auth: 'user', request: assembleFileChunksRequestSchema,
    response: fileUploadResponseSchema, errors: [402, 403, 404, 409, 413, 415],
    summary: 'Join the chunks of a large upload (sent to /api/upload-chunk) and store its compression in My Files, optionally in folderId; a long compression answers 202 with the job to follow',
  }),
  fileJob: endpoint({
    method: 'GET', path: '/api/files/jobs/{jobId}', params: ['jobId'], tag: 'files', auth: 'user', request: undefined,
    response: compressionJobSchema, errors: [404], summary: 'State and progress of the compression of one of the caller\'s uploads to My Files',
  }),
  createBatch: endpoint({
    method: 'POST', path: '/api/files/batches', tag: 'files', auth: 'user', request: createBatchRequestSchema,
    response: batchSchema, status: 201, errors: [403],
    summary: 'Start a batch compression (trial and premium): its files are uploaded with its batchId',
  }),
  renameFile: endpoint({
    method: 'PATCH', path: '/api/files/{id}/rename', params: ['id'], tag: 'files', auth: 'user', request: renameFileRequestSchema,
    response: fileRecordSchema, errors: [404, 409], summary: 'Rename a stored file (409 while it is still processing)',
  }),
  moveFile: endpoint({
    method: 'PATCH', path: '/api/files/{id}/move', params: ['id'], tag: 'files', auth: 'user', request: moveFileRequestSchema,
    response: fileRecordSchema, errors: [404, 409], summary: 'Move a stored file into a folder, or to the root without folderId (409 while it is still processing)',
  }),
  deleteFile: endpoint({
    method: 'DELETE', path: '/api/files/{id}', params: ['id'], tag: 'files', auth: 'user', request: undefined,
    response: messageResponseSchema, errors: [404], summary: 'Delete a file and free its storage; a file still processing is removed and its compression result dropped',
  }),
  shareFile: endpoint({
    method: 'POST', path: '/api/files/{id}/share', params: ['id'], tag: 'files', auth: 'user', request: undefined,
    response: shareResponseSchema, errors: [404, 409], summary: 'A link that downloads the file without an account for 24 hours',
  }),
  fileDownloadLink: endpoint({
    method: 'POST', path: '/api/files/{id}/download-link', params: ['id'], tag: 'files', auth: 'user', request: downloadLinkRequestSchema,
    response: downloadLinkResponseSchema, errors: [404, 409], summary: 'A signed link to open (inline) or download the file in a browser tab',
  }),
  downloadFile: endpoint({
    method: 'GET', path: '/api/files/{id}/download', params: ['id'], tag: 'files', auth: 'user', request: undefined, raw: true,
    response: z.unknown(), errors: [404, 409, 416], summary: 'The file\'s bytes, with the bearer token or a signed link; Range requests supported',
  }),
  sharedFile: endpoint({
    method: 'GET', path: '/api/share/{token}', params: ['token'], tag: 'files', auth: 'none', request: undefined, raw: true,
    response: z.unknown(), errors: [404], summary: 'A shared file\'s bytes, without an account, while the share link lasts',
  }),
  listFolders: endpoint({
    method: 'GET', path: '/api/folders', tag: 'files', auth: 'user', request: undefined, query: folderListQuerySchema,
    response: folderListSchema, summary: 'The caller\'s folders: all of them, or the children of one with ?parentId',
  }),
  createFolder: endpoint({
    method: 'POST', path: '/api/folders', tag: 'files', auth: 'user', request: createFolderRequestSchema,
    response: folderSchema, status: 201, errors: [404, 409], summary: 'Create a folder at the root or inside parentId',
  }),
  deleteFolder: endpoint({
    method: 'DELETE', path: '/api/folders/{id}', params: ['id'], tag: 'files', auth: 'user', request: undefined,
    response: messageResponseSchema, errors: [404, 409], summary: 'Delete an empty folder (409 while it holds files or folders)',
  }),
  setupTrial: endpoint({
    method: 'POST', path: '/api/subscription/setup-trial', tag: 'subscription', auth: 'user', request: setupTrialRequestSchema,
    response: userSchema, errors: [402, 409],
    summary: 'Start the 7-day free trial with a card on file (brand, last 4 and expiry are kept; never the number or CVV)',
  }),
  subscription: endpoint({
    method: 'GET', path: '/api/subscription', tag: 'subscription', auth: 'user', request: undefined,
    response: subscriptionDetailsSchema, summary: 'The caller\'s plan, status, next billing date and card on file',
  }),
  subscribe: endpoint({
    method: 'POST', path: '/api/subscription/subscribe', tag: 'subscription', auth: 'user', request: subscribeRequestSchema,
    response: subscriptionDetailsSchema, errors: [402, 409],
    summary: 'Premium now, $3.99 a month: charges the card on file, or the card given (it is then kept on file); also reactivates a lapsed plan',
  }),
  cancelSubscription: endpoint({
    method: 'POST', path: '/api/subscription/cancel', tag: 'subscription', auth: 'user', request: undefined,
    response: subscriptionDetailsSchema, errors: [409],
    summary: 'No more charges: a trial is never charged and a paid plan keeps premium until the end of its period',
  }),
  reactivateSubscription: endpoint({
    method: 'POST', path: '/api/subscription/reactivate', tag: 'subscription', auth: 'user', request: undefined,
    response: subscriptionDetailsSchema, errors: [402, 409],
    summary: 'Undo a cancellation while access lasts (no charge until the period ends), or subscribe again with the card on file',
  }),
  paypalCreateSubscription: endpoint({
    method: 'POST', path: '/api/paypal/create-subscription', tag: 'subscription', auth: 'user', request: paypalCreateRequestSchema,
    response: paypalCreateResponseSchema, errors: [404, 409, 502], summary: 'PayPal provider only: create a subscription for the payer to approve',
  }),
  paypalActivateSubscription: endpoint({
    method: 'POST', path: '/api/paypal/activate-subscription', tag: 'subscription', auth: 'user', request: paypalActivateRequestSchema,
    response: subscriptionDetailsSchema, errors: [402, 404, 409],
    summary: 'PayPal provider only: premium once PayPal itself says the caller\'s subscription is active',
  }),
  stripeSetupIntent: endpoint({
    method: 'POST', path: '/api/stripe/setup-intent', tag: 'subscription', auth: 'user', request: undefined,
    response: z.object({
      clientSecret: z.string().describe('the SetupIntent\'s client secret, for Stripe.js to confirm with the card typed into its own fields'),
      publishableKey: z.string().describe('the publishable key Stripe.js is loaded with'),
    }),
    errors: [404, 502],
    summary: 'Stripe provider only: a Stripe customer and SetupIntent for the card step (the card goes to Stripe, never to this server)',
  }),
  stripeJs: endpoint({
    method: 'GET', path: '/api/stripe/js', tag: 'subscription', auth: 'none', request: undefined,
    response: z.object({
      url: z.string().nullable().describe('null: Stripe\'s own Stripe.js from https://js.stripe.com; a test server\'s stand-in script otherwise'),
    }),
    errors: [404],
    summary: 'Stripe provider only: where the card step loads Stripe.js from (the script this server\'s Content-Security-Policy allows)',
  }),
  stripeWebhook: endpoint({
    method: 'POST', path: '/api/stripe/webhook', tag: 'subscription', auth: 'none', request: undefined, raw: true,
    response: z.object({ received: z.boolean() }), errors: [404],
    summary: 'Stripe provider only: Stripe\'s signed events (checkout, invoices, subscriptions); a bad Stripe-Signature is refused with 400',
  }),
  paypalWebhook: endpoint({
    method: 'POST', path: '/api/paypal/webhook', tag: 'subscription', auth: 'none', request: undefined, raw: true,
    response: z.object({ received: z.boolean() }), errors: [404, 502],
    summary: 'PayPal provider only: PayPal\'s event deliveries, acted on once PayPal verifies their signature (400 otherwise; 502 while PayPal cannot say)',
  }),
  converterFormats: endpoint({
    method: 'GET', path: '/api/converter/formats/{mimeType}', params: ['mimeType'], tag: 'converter', auth: 'none', request: undefined,
    response: converterFormatsSchema,
    summary: 'Target formats for a MIME type as the browser gives it (image/png or image%2Fpng); an empty list when none',
  }),
  convert: endpoint({
    method: 'POST', path: '/api/converter/convert', tag: 'converter', auth: 'none', request: undefined,
    multipart: { file: 'file', fields: convertFieldsSchema }, response: conversionSchema, errors: [413, 415, 422],
    summary: 'Convert a file of up to 100MB; answers the result when ready within seconds, else 202 with the job to follow',
  }),
  conversionJob: endpoint({
    method: 'GET', path: '/api/converter/jobs/{jobId}', params: ['jobId'], tag: 'converter', auth: 'none', request: undefined,
    response: conversionSchema, errors: [404], summary: 'State, progress and download link of a conversion',
  }),
  conversionDownload: endpoint({
    method: 'GET', path: '/api/converter/downloads/{jobId}', params: ['jobId'], tag: 'converter', auth: 'none', request: undefined, raw: true,
    response: z.unknown(), errors: [404, 416],
    summary: 'A converted file\'s bytes through the signed, expiring link a conversion gives as downloadUrl (?expires&sig); Range requests supported',
  }),
  stats: endpoint({
    method: 'GET', path: '/api/stats', tag: 'files', auth: 'user', request: undefined,
    response: statsSchema, summary: 'Storage used and saved, from the stored files',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
