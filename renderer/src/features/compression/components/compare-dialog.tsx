import { Alert, Box, Group, Loader, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { type Comparison, hasRenditions } from '@shrinkly/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { extensionOf } from '../../../components/drop-zone/accepted-types';
import { QualityBadge } from '../../../components/quality-badge';
import { formatBytes } from '../../../format/format-bytes';
import type { CompressedFile } from '../outcome';

/** Pictures the browser shows itself, small enough to read here: larger ones come as the worker's renditions. */
const COMPARABLE = /\.(jpe?g|png|webp|gif|avif)$/i;
const MAX_COMPARE_BYTES = 25 * 1024 * 1024;

/**
 * Where a before/after view comes from: the original still in the page (a picture the browser shows, or sound and
 * video it plays, beside the result's link), or the small renditions the worker made with the result (PDF pages, a
 * video still, pictures the browser cannot show or that are too large to read here).
 */
export type CompareSource =
  | { kind: 'picture'; original: File; after: string }
  | { kind: 'audio' | 'video'; original: File; after: string; afterSize: number }
  | { kind: 'renditions'; key: readonly unknown[]; load: () => Promise<Comparison> };

/**
 * How a landing result is compared, or null when it cannot be: the original in the page first, else the job's
 * renditions. `loadRenditions` fetches the job's (GET /api/compression-job/{jobId}/compare).
 */
export function landingCompareSource(
  original: File | null,
  file: CompressedFile,
  loadRenditions: (jobId: string) => Promise<Comparison>,
): CompareSource | null {
  if (!file.downloadUrl) return null;
  const after = file.downloadUrl;
  if (original && COMPARABLE.test(original.name) && original.size <= MAX_COMPARE_BYTES)
    return { kind: 'picture', original, after };
  const media = original?.type.split('/')[0];
  // The result keeps the original's format, so a browser that plays one plays both.
  if (original && (media === 'audio' || media === 'video') && document.createElement(media).canPlayType(original.type) !== '')
    return { kind: media, original, after, afterSize: file.compressedSize };
  if (!hasRenditions(extensionOf(file.fileName))) return null;
  return { kind: 'renditions', key: ['comparison', 'job', file.jobId], load: () => loadRenditions(file.jobId) };
}

/** The original as a data: URL (the page's policy shows data: and its own origin's pictures, not blob: ones). */
function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

/** The original as an object URL while the dialog is open (players stream it; the page's policy allows blob: media). */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * Before and after, one over the other: the slider uncovers the original from the left. "Fit" shows the whole
 * picture; "100%" shows it pixel for pixel, panned by scrolling. The original is drawn at the result's own size,
 * so a resized result lines up.
 */
function PictureCompare({ before, after, name }: { before: string | null; after: string; name: string }) {
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<'fit' | 'actual'>('fit');
  const [resultSize, setResultSize] = useState<{ width: number; height: number } | null>(null);
  const fit = zoom === 'fit';
  const picture = { display: 'block', maxWidth: fit ? '100%' : 'none', width: fit ? '100%' : 'auto' } as const;
  const beforeSize = !fit && resultSize ? resultSize : {};
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <SegmentedControl
          size="xs"
          value={zoom}
          onChange={(v) => setZoom(v as 'fit' | 'actual')}
          data={[
            { value: 'fit', label: 'Fit' },
            { value: 'actual', label: '100%' },
          ]}
          aria-label="Zoom"
        />
      </Group>
      <Box
        data-testid="compare-view"
        style={{ position: 'relative', overflow: 'auto', maxHeight: '60vh', background: 'var(--mantine-color-gray-1)' }}
      >
        <img
          src={after}
          alt={`${name} after compression`}
          style={picture}
          onLoad={(e) => setResultSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        />
        {before && (
          <img
            src={before}
            alt={`${name} before compression`}
            style={{ ...picture, ...beforeSize, position: 'absolute', top: 0, left: 0, clipPath: `inset(0 ${100 - split}% 0 0)` }}
          />
        )}
      </Box>
      <Group justify="space-between">
        <Text size="xs" c="dark.5">
          Before
        </Text>
        <Text size="xs" c="dark.5">
          After
        </Text>
      </Group>
      <Slider value={split} onChange={setSplit} min={0} max={100} label={null} thumbLabel="Before and after divider" />
    </Stack>
  );
}

function LocalPicture({ original, after, name }: { original: File; after: string; name: string }) {
  return <PictureCompare before={useDataUrl(original)} after={after} name={name} />;
}

/** Before and after in two players, one above the other, each with its size. */
function MediaCompare({ source, name }: { source: Extract<CompareSource, { kind: 'audio' | 'video' }>; name: string }) {
  const before = useObjectUrl(source.original);
  const Player = source.kind;
  const player = { width: '100%', display: 'block', maxHeight: '30vh' } as const;
  return (
    <Stack gap="sm" data-testid="compare-view">
      <Text size="sm" fw={600}>
        Before · {formatBytes(source.original.size)}
      </Text>
      {before && <Player controls preload="metadata" src={before} aria-label={`${name} before compression`} style={player} />}
      <Text size="sm" fw={600}>
        After · {formatBytes(source.afterSize)}
      </Text>
      <Player controls preload="metadata" src={source.after} aria-label={`${name} after compression`} style={player} />
    </Stack>
  );
}

/** The worker's renditions: one pair at a time (a PDF's pages, chosen above), compared like a picture. */
function RenditionCompare({ source, name }: { source: Extract<CompareSource, { kind: 'renditions' }>; name: string }) {
  const query = useQuery({ queryKey: source.key, queryFn: source.load, staleTime: Infinity, retry: false });
  const [shown, setShown] = useState('0');
  if (query.isPending)
    return (
      <Group justify="center" py="xl" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">Loading the before and after view...</Text>
      </Group>
    );
  if (query.isError || query.data.pairs.length === 0)
    return (
      <Alert color="gray" variant="light">
        {query.error?.message ?? 'This result has no before and after view'}
      </Alert>
    );
  const { pairs } = query.data;
  const pair = pairs[Number(shown)] ?? pairs[0];
  if (!pair) return null;
  return (
    <Stack gap="sm">
      {pairs.length > 1 && (
        <SegmentedControl
          size="xs"
          value={shown}
          onChange={setShown}
          data={pairs.map((p, i) => ({ value: String(i), label: p.label }))}
          aria-label="Shown"
        />
      )}
      {pairs.length === 1 && (
        <Text size="sm" c="dark.5">
          {pair.label}
        </Text>
      )}
      <PictureCompare key={shown} before={pair.before} after={pair.after} name={`${name} ${pair.label}`} />
    </Stack>
  );
}

interface CompareDialogProps {
  opened: boolean;
  onClose: () => void;
  source: CompareSource;
  /** The file's name, for the pictures' descriptions. */
  name: string;
  qualityScore: number | null;
  qualityLabel: CompressedFile['qualityLabel'];
}

/** "Before and after": the result beside its original, with the result's quality badge. */
export function CompareDialog({ opened, onClose, source, name, qualityScore, qualityLabel }: CompareDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Before and after" size="xl" centered radius="md">
      {opened && (
        <Stack gap="sm">
          {qualityScore !== null && (
            <Group gap="xs">
              <Text size="sm" c="dark.5">
                Quality
              </Text>
              <QualityBadge qualityScore={qualityScore} qualityLabel={qualityLabel} />
            </Group>
          )}
          {source.kind === 'picture' && <LocalPicture original={source.original} after={source.after} name={name} />}
          {(source.kind === 'audio' || source.kind === 'video') && <MediaCompare source={source} name={name} />}
          {source.kind === 'renditions' && <RenditionCompare source={source} name={name} />}
        </Stack>
      )}
    </Modal>
  );
}
