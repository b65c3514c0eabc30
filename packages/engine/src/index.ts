export * from './tools.js';
