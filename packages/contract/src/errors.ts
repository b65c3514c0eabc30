import { z } from 'zod';
import { API_KEYS_MADE_PER_HOUR, API_KEYS_PER_ACCOUNT } from './api-keys.js';
import {
  BATCH_MAX_FILES,
  CHUNK_SIZE_BYTES,
  CONVERTER_LIMIT_BYTES,
  FREE_COMPRESSION_LIMIT_BYTES,
  GB,
  MAX_FILE_SIZE_BYTES,
  MB,
  PAY_PER_FILE_PRICE_USD,
  STORAGE_LIMIT_BYTES,
  TEMPORARY_FILE_TTL_MS,
} from './constants.js';
import { SHARE_EXPIRY_HOURS, SHARE_LOCK_MS } from './sharing.js';

const FREE_LIMIT_MB = FREE_COMPRESSION_LIMIT_BYTES / MB;

/**
 * The messages the API answers with (ERR-30), under stable codes: the server uses these exact words, and sends the
 * key as the error body's `code` so screens branch on the code, never on the words.
 */
export const ErrorMessages = {
  noComparison: 'This result has no before and after view',
  apiKeyInvalid: 'Invalid or revoked API key',
  apiKeyScope: 'This API key is not allowed to do this. Create a key with the needed scope in Account Settings.',
  apiKeySessionOnly: 'Sign in to do this: API keys cannot manage the account, its keys or its billing.',
  apiKeyPremium: 'API keys are a Premium feature. Start a free trial or subscribe to create one.',
  apiKeyLimit: `An account may hold ${API_KEYS_PER_ACCOUNT} API keys. Revoke one to create another.`,
  apiKeyRateLimited: 'Too many requests with this API key. Wait a moment and try again.',
  apiKeysMadeTooOften: `An account may make ${API_KEYS_MADE_PER_HOUR} API keys an hour. Try again later.`,
  apiKeyNotFound: 'API key not found',
  invalidCredentials: 'Invalid credentials',
  userExists: 'User already exists',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  rateLimited: 'Too many attempts. Please wait 15 minutes and try again.',
  invalidResetToken: 'Invalid or expired reset link',
  wrongCurrentPassword: 'Current password is incorrect',
  bodyTooLarge: 'Request body is too large',
  internal: 'Something went wrong on our side. Please try again.',
  fileNotFound: 'File not found',
  fileProcessing: 'This file is still being compressed. Try again when it is ready.',
  folderNotFound: 'Folder not found',
  folderExists: 'A folder with this name already exists here',
  folderNotEmpty: 'This folder is not empty. Move or delete its files and folders first.',
  storageFull: `Storage limit reached: this file does not fit in your ${STORAGE_LIMIT_BYTES / GB}GB of storage. Delete some files and try again.`,
  premiumRequired: `Premium subscription required for files of ${FREE_LIMIT_MB}MB or more. Start a free trial or subscribe, or pay $${PAY_PER_FILE_PRICE_USD.toFixed(2)} to compress this file once and download it.`,
  batchPremium: `Batch compression is a Premium feature. Start a free trial or subscribe to compress up to ${BATCH_MAX_FILES} files at once.`,
  batchFull: `Maximum ${BATCH_MAX_FILES} files allowed per batch`,
  batchNotFound: 'Batch not found or expired. Start the batch again.',
  shareLinkInvalid: 'This share link has expired or is not valid',
  shareLinkExpired: 'This share link has expired',
  shareLinkRevoked: 'This share link has been revoked by its owner',
  shareLinkExhausted: 'This share link has reached its download limit',
  shareLinkNotFound: 'Share link not found',
  sharePasswordRequired: 'This share link needs a password: open it in a browser to enter it',
  sharePasswordWrong: 'Wrong password',
  sharePasswordLocked: `Too many wrong passwords: this link is locked for ${SHARE_LOCK_MS / 60_000} minutes after the last wrong try.`,
  shareExpiryPremium: `Choosing how long a link lasts is a Premium feature: links last ${SHARE_EXPIRY_HOURS.standard} hours on trial and free accounts.`,
  unpaidUploadsFull: `Too many files are waiting for payment from your address. Pay for the ones waiting, or let them expire after ${TEMPORARY_FILE_TTL_MS / (60 * 60 * 1000)} hours, before uploading more.`,
  trialUsed: 'The free trial has already been used on this account',
  cardExpired: 'This card has expired. Please use another card.',
  cardDeclined: 'Your card was declined. Please use another card.',
  fileTooLarge: `Maximum file size is ${MAX_FILE_SIZE_BYTES / GB}GB. Please choose a smaller file.`,
  converterTooLarge: `This file is too large to convert. The converter takes files of up to ${CONVERTER_LIMIT_BYTES / MB}MB.`,
  stagingFull: `Too many unfinished uploads from your address or account: finish or abandon them (they are removed after ${TEMPORARY_FILE_TTL_MS / (60 * 60 * 1000)} hours) before starting more.`,
  chunkTooLarge: `A chunk may be at most ${CHUNK_SIZE_BYTES / MB}MB`,
  previewTooLarge: `Files of ${FREE_LIMIT_MB}MB or more are previewed in your browser; upload them in chunks to compress them.`,
  // The admin's reset of a user's password (ERR-26).
  invalidEmailFormat: 'Invalid email address format',
  testDomainRefused: 'Cannot send email to test/demo domains',
  resetEmailFailed: 'Failed to send password reset email',
} as const;

/** A stable name for one of the API's error messages: what screens branch on. */
export type ErrorCode = keyof typeof ErrorMessages;

const errorCodes = Object.keys(ErrorMessages) as [ErrorCode, ...ErrorCode[]];
const codeByMessage = new Map<string, ErrorCode>(errorCodes.map((code) => [ErrorMessages[code], code]));

/** The code of a message the API answers with, or undefined for any other words. */
export function errorCodeOf(message: string): ErrorCode | undefined {
  return codeByMessage.get(message);
}

/** Whether a value is one of the known codes; a code this build does not know is handled as no code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorMessages, value);
}

/**
 * Every error the API returns has this body, whatever the status: the message to show, and, when the message is
 * one of `ErrorMessages`, its code.
 */
export const errorBodySchema = z.object({ message: z.string(), code: z.enum(errorCodes).optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
