import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { placeAs } from '../../tools/office/soffice.js';
import { type PackageEntry, unpackZip } from '../../tools/zip/members.js';
import { verifyZip } from '../../tools/zip/verify.js';
import { writeZip, type ZipMember } from '../../tools/zip/writer.js';
import type { CompressContext, DetectedType, FamilyOutput } from '../../types.js';
import { bestDeflate } from './best-deflate.js';
import { planAuthorRemoval } from './document-authors.js';
import { type ImageCompressor, type ImageStats, recompressImages, sharedPictureResults, sizedImages } from './images.js';
import { expectedMembers, originalParts } from './package-check.js';
import {
  applyEdits,
  asDocumentError,
  isEncryptedOdf,
  isMediaPart,
  isSigned,
  type PackageKind,
  packageKind,
  planDrops,
  thumbnailName,
} from './package-parts.js';
import { PACKAGE_RECIPES } from './recipes.js';

/** The part a reader looks at first goes first; ODF's `mimetype` must be first and stored (ODF 1.2 part 3, 3.3). */
function orderMembers(kind: PackageKind, entries: readonly PackageEntry[]): ZipMember[] {
  const first = kind === 'ooxml' ? '[Content_Types].xml' : 'mimetype';
  const ordered = [...entries.filter((e) => e.name === first), ...entries.filter((e) => e.name !== first)];
  return ordered.map((e) => ({
    name: e.name,
    file: e.file,
    dosTime: e.dosTime,
    dosDate: e.dosDate,
    forceStore: kind === 'odf' && e.name === 'mimetype',
  }));
}

function describe(images: ImageStats | undefined, thumbnail: boolean, droppedMedia: number, level: string): string {
  const parts: string[] = [];
  if (images && images.recompressed > 0) {
    const ssim = images.minSsim !== undefined ? `, SSIM ≥ ${images.minSsim.toFixed(3)}` : '';
    parts.push(`${images.recompressed} of ${images.candidates} pictures recompressed (${level} image recipe${ssim})`);
  } else if (images && images.candidates > 0) {
    parts.push(
      images.missingCompressor
        ? 'pictures kept (no image compressor available)'
        : 'pictures kept (none could shrink within the quality floor)',
    );
  }
  if (thumbnail) parts.push('preview thumbnail removed');
  if (droppedMedia > 0) parts.push(`${droppedMedia} unused media part${droppedMedia > 1 ? 's' : ''} removed`);
  parts.push('re-zipped at deflate level 9');
  return parts.join(', ');
}

/** The parts a package keeps once what is provably unused is dropped, and which of them are pictures. */
interface Prepared {
  kept: PackageEntry[];
  /** None when the document is signed: its pictures stay as they are too. */
  pictures?: ReadonlySet<string>;
  droppedThumbnail: boolean;
  droppedMedia: number;
  notes: string[];
}

/** Drops what is provably unused and removes the authors, unless a signature forbids touching any part. */
async function prepareParts(
  kind: PackageKind,
  entries: PackageEntry[],
  ctx: CompressContext,
  partsDir: string,
): Promise<Prepared> {
  if (isSigned(kind, entries)) {
    // The signature covers every part's bytes: re-zipping keeps them identical, anything more would void it.
    const note = 'The document is digitally signed: its contents were left byte for byte so the signature stays valid';
    return { kept: entries, droppedThumbnail: false, droppedMedia: 0, notes: [note] };
  }
  const plan = await planDrops(kind, entries, PACKAGE_RECIPES[ctx.level].dropThumbnail);
  const authorsRemoved = await planAuthorRemoval(kind, entries, plan);
  const kept = await applyEdits(entries, plan, partsDir);
  const thumbnail = thumbnailName(kind, kept);
  const pictures = new Set(kept.filter((e) => isMediaPart(kind, e.name) || e.name === thumbnail).map((e) => e.name));
  const notes = authorsRemoved ? ["The document's author, last editor and company were removed"] : [];
  return { kept, pictures, droppedThumbnail: plan.droppedThumbnail, droppedMedia: plan.droppedMedia, notes };
}

/** Recompresses the pictures of `prepared.kept` by the level's image recipe (the entries are pointed at the new files). */
async function shrinkPictures(
  prepared: Prepared,
  ctx: CompressContext,
  images: ImageCompressor,
): Promise<{ stats?: ImageStats; notes: string[] }> {
  if (!prepared.pictures) return { notes: [] };
  // Every run of the call (a target's levels and sizing) shares each picture's result (images.ts).
  const atLevel = ctx.memo ? sharedPictureResults(images, ctx.memo, ctx.workDir) : images;
  // A target's runs (its members' positions, tools/member-targets.ts) make the same smaller copies of a picture: each
  // copy's result is shared too.
  const compressor = ctx.memberTargets ? sizedImages(atLevel, ctx.memberTargets) : atLevel;
  const nextLevels = ctx.nextLevels?.map((level) => PACKAGE_RECIPES[level].imageLevel);
  const pictureCtx = { ...ctx, level: PACKAGE_RECIPES[ctx.level].imageLevel, ...(nextLevels ? { nextLevels } : {}) };
  const onProgress = (p: number) => ctx.onProgress(10 + p * 0.65);
  const stats = await recompressImages(prepared.kept, prepared.pictures, compressor, pictureCtx, onProgress);
  const notes = stats.fewerPixels
    ? [
        `${stats.fewerPixels === 1 ? '1 picture' : `${stats.fewerPixels} pictures`} made smaller in pixels to fit: same place and size on the page, softer`,
      ]
    : [];
  return { stats, notes };
}

/**
 * The package's members in writing order, each offered 7-Zip's stream (best-deflate.ts). The parts other than
 * pictures are final once `prepared` is made, so 7-Zip deflates them while the pictures are recompressed (each
 * mostly keeps one core busy); the pictures, mostly formats a deflate cannot shrink, are offered theirs after.
 */
async function shrinkAndDeflate(
  kind: PackageKind,
  prepared: Prepared,
  ctx: CompressContext,
  images: ImageCompressor,
): Promise<{ members: ZipMember[]; stats?: ImageStats; notes: string[] }> {
  const before = orderMembers(kind, prepared.kept);
  const text = before.filter((m) => !prepared.pictures?.has(m.name));
  // Both settle before either failure surfaces: neither may still write into the work folder as it is removed.
  const [pictures, deflated] = await Promise.allSettled([
    shrinkPictures(prepared, ctx, images),
    // The passes are chosen from the whole document's text, as when all of it went through one run.
    bestDeflate(ctx, text, before),
  ]);
  if (pictures.status === 'rejected') throw pictures.reason;
  if (deflated.status === 'rejected') throw deflated.reason;
  const streams = new Map(text.map((m) => [m.name, m.deflated]));
  const members = orderMembers(kind, prepared.kept);
  for (const m of members) m.deflated = streams.get(m.name);
  await bestDeflate(
    ctx,
    members.filter((m) => prepared.pictures?.has(m.name)),
    members,
  );
  return { members, stats: pictures.value.stats, notes: [...prepared.notes, ...pictures.value.notes] };
}

/**
 * The package's parts in `partsDir`, unpacked once per engine call (`ctx.memo`): a target's later runs take them from
 * the first as hard links (copies where links fail). A part's file is never changed in place (edits and pictures are
 * written as new files), and each run gets entries of its own, since it points them at its new files.
 */
async function unpackOnce(input: string, partsDir: string, ctx: CompressContext): Promise<PackageEntry[]> {
  const own = (entries: PackageEntry[]) => entries.map((e) => ({ ...e }));
  const unpack = () =>
    unpackZip(input, partsDir, ctx.signal).catch((err: unknown) => {
      throw asDocumentError(err);
    });
  if (!ctx.memo) return unpack();
  const key = `office-unpack:${input}`;
  const known = ctx.memo.get(key) as Promise<PackageEntry[]> | undefined;
  if (!known) {
    const made = unpack();
    ctx.memo.set(key, made);
    return own(await made);
  }
  const entries = own(await known);
  for (const entry of entries)
    if (entry.file) entry.file = await placeAs(entry.file, path.join(partsDir, path.basename(entry.file)));
  return entries;
}

/**
 * docx/xlsx/pptx/odt/ods/odp: unpack (bomb-checked), drop what is provably unused, recompress pictures by the image
 * recipe of the level, re-zip at maximum deflate, then check that the new zip holds exactly the parts meant
 * (package-check.ts): seconds for a 180-page document, where laying out every page in LibreOffice took minutes.
 */
export async function compressPackage(
  input: string,
  type: DetectedType,
  ctx: CompressContext,
  images: ImageCompressor,
): Promise<FamilyOutput> {
  const keep = (recipe: string, notes?: string[]): FamilyOutput => ({ path: input, format: type.ext, recipe, notes });
  const partsDir = path.join(ctx.workDir, 'parts');
  const entries = await unpackOnce(input, partsDir, ctx);
  ctx.onProgress(10);
  const originals = originalParts(entries);
  const kind = packageKind(entries);
  if (kind === 'odf' && (await isEncryptedOdf(entries))) {
    return keep('kept as it is: the document is password-protected', [
      'The document is password-protected, so it was not changed',
    ]);
  }
  const prepared = await prepareParts(kind, entries, ctx, partsDir);
  const shrunk = await shrinkAndDeflate(kind, prepared, ctx, images);
  ctx.onProgress(80);
  const candidate = path.join(ctx.workDir, `candidate.${type.ext}`);
  await writeZip(shrunk.members, candidate, path.join(ctx.workDir, 'deflate.tmp'), ctx.signal);
  ctx.onProgress(85);
  const description = describe(
    shrunk.stats,
    prepared.droppedThumbnail,
    prepared.droppedMedia,
    PACKAGE_RECIPES[ctx.level].imageLevel,
  );
  if ((await stat(candidate)).size >= (await stat(input)).size)
    return keep(`kept the original: ${description} would not make it smaller`, shrunk.notes);
  const damage = await verifyZip(candidate, ctx.signal, await expectedMembers(shrunk.members, originals, ctx.signal));
  if (damage) throw new EngineError('failed', `The rewritten document is not the package meant (${damage})`);
  ctx.onProgress(99);
  const metrics: Record<string, number> = {};
  if (shrunk.stats)
    Object.assign(metrics, { picturesRecompressed: shrunk.stats.recompressed, picturesTotal: shrunk.stats.candidates });
  if (shrunk.stats?.minSsim !== undefined) metrics.ssim = shrunk.stats.minSsim;
  return {
    path: candidate,
    format: type.ext,
    recipe: `${description}; every other part byte for byte as in the original`,
    metrics,
    // Every part but the recompressed pictures is kept byte for byte; pictures with fewer pixels are not measured.
    score: shrunk.stats?.fewerPixels ? null : (shrunk.stats?.minSsim ?? 1),
    notes: shrunk.notes,
  };
}
