import type { CompressionLevel } from '../../types.js';

/** What each level does to an Office package (docx/xlsx/pptx/odt/ods/odp). */
export interface PackageRecipe {
  /** Embedded pictures are re-encoded by the image family at this level (its SSIM floor applies to each picture). */
  imageLevel: CompressionLevel;
  /**
   * Drop the preview thumbnail that file managers show (docProps/thumbnail.*, Thumbnails/thumbnail.png). It is not
   * part of the document, but light promises a near-identical file, so light keeps it (recompressed).
   */
  dropThumbnail: boolean;
}

/**
 * Every level also: drops media parts no relationship reaches (OOXML), and re-zips each part at deflate level 9 or
 * stored, whichever is smaller. Pictures keep their name, format and dimensions, so no XML is rewritten for them.
 * The ladder holds because the only level-dependent steps are the image family's own monotonic ladder and the
 * thumbnail, which is kept only at light.
 */
export const PACKAGE_RECIPES: Readonly<Record<CompressionLevel, PackageRecipe>> = {
  light: { imageLevel: 'light', dropThumbnail: false },
  balanced: { imageLevel: 'balanced', dropThumbnail: true },
  maximum: { imageLevel: 'maximum', dropThumbnail: true },
};

/** LibreOffice export filters that write the same legacy binary format back (doc/xls/ppt are re-saved, never converted). */
export const BINARY_FILTERS: Readonly<Record<string, string>> = {
  doc: 'doc:MS Word 97',
  xls: 'xls:MS Excel 97',
  ppt: 'ppt:MS PowerPoint 97',
};
