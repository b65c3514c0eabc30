export * from './tools.js';
export * from './errors.js';
export * from './types.js';
export * from './detect.js';
export * from './compress.js';
export * from './estimate.js';
export { runProcess, type RunProcess, type RunProcessOptions } from './process/run-process.js';
export { measureSsim, SSIM_FLOOR } from './quality/ssim.js';
