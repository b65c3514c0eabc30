export * from './users.js';
export * from './admins.js';
export * from './password-reset-tokens.js';
