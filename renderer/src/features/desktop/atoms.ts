import type { CompressionLevel } from '@shrinkly/contract';
import { atom } from 'jotai';

/**
 * The level picked on the local compression screen for this visit; null until the user picks one, and then the
 * settings' default level applies (also to files dropped on the window).
 */
export const pickedLevelAtom = atom<CompressionLevel | null>(null);
