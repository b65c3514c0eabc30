import type { FamilyCompressor } from '../types.js';
import { archiveFamily } from './archive/archive.family.js';
import { audioFamily } from './audio/audio.family.js';
import { imageFamily } from './image/image.family.js';
import { officeFamily } from './office/office.family.js';
import { pdfFamily } from './pdf/pdf.family.js';
import { videoFamily } from './video/video.family.js';

/** Every family module, one line each. */
export const FAMILIES: readonly FamilyCompressor[] = [
  officeFamily,
  imageFamily,
  videoFamily,
  audioFamily,
  pdfFamily,
  archiveFamily,
];
