export * from './users.js';
export * from './admins.js';
export * from './password-reset-tokens.js';
export * from './compression-jobs.js';
export * from './payments.js';
export * from './folders.js';
export * from './batches.js';
export * from './files.js';
