export { COMPARE_MAX_SIDE, type ComparePair, comparisonOf } from './compare.js';
export * from './compress.js';
export {
  CONVERTERS,
  type ConvertOptions,
  type ConvertResult,
  configureSharedLibreOffice,
  conversionTargets,
  extensionForMime,
  LibreOfficeBridge,
  sharedLibreOffice,
} from './convert/index.js';
export * from './convert.js';
export { CpuBudget, configureCpuBudget, cpuBudget } from './cpu-budget.js';
export * from './detect.js';
export * from './errors.js';
export * from './estimate.js';
export { configureImageMemory } from './image-memory.js';
export { type RunProcess, type RunProcessOptions, runProcess } from './process/run-process.js';
export { type SandboxMode, sandboxMode } from './process/sandbox.js';
export { measureSsim, SSIM_FLOOR, VIDEO_SSIM_PLANES } from './quality/ssim.js';
export { type CachedResult, configureResultCache, ENGINE_VERSION, ResultCache, resultCache } from './result-cache.js';
export * from './tool-lookup.js';
export * from './types.js';
