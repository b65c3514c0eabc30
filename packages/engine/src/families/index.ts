import type { FamilyCompressor } from '../types.js';

/** Every family module, one line each. */
export const FAMILIES: readonly FamilyCompressor[] = [];
