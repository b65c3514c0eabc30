export * from './constants.js';
export * from './errors.js';
export * from './auth.js';
export * from './compression.js';
export * from './files.js';
export * from './subscription.js';
export * from './endpoints.js';
export * from './client.js';
