import { z } from 'zod';

/**
 * What a picture's result keeps of the original's metadata. `strip` (the default): nothing but the colour profile,
 * so no location, camera serial or name leaves with the file. `camera`: the camera data (EXIF: camera, lens,
 * exposure, date, copyright, the photographer's name) and the copyright and credit of XMP and IPTC, without the
 * location (GPS).
 */
export const METADATA_CHOICES = ['strip', 'camera'] as const;
export type MetadataChoice = (typeof METADATA_CHOICES)[number];

export const METADATA_LABELS: Record<MetadataChoice, string> = {
  strip: 'Remove location and personal data',
  camera: 'Keep camera data and copyright',
};

/** `metadata` of a compression request; empty for the default. */
export const metadataChoiceSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .enum(METADATA_CHOICES)
    .optional()
    .describe("pictures: 'strip' (default) or 'camera' (EXIF without GPS, XMP/IPTC copyright and credit)"),
);
