import { Box, Group, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { QualityBadge } from '../../../components/quality-badge';
import { formatBytes } from '../../../format/format-bytes';
import type { CompressedFile } from '../outcome';

/** Pictures the browser shows itself, small enough to read here: larger ones are not compared in the page. */
const COMPARABLE = /\.(jpe?g|png|webp|gif|avif)$/i;
const MAX_COMPARE_BYTES = 25 * 1024 * 1024;

/** How the page compares an original with its result: pictures one over the other, sound and video in two players. */
export type CompareKind = 'picture' | 'audio' | 'video';

/** The kind of compare this original allows in this browser, or null (none: the page cannot show or play it). */
export function compareKind(original: File | null, file: CompressedFile): CompareKind | null {
  if (!original || !file.downloadUrl) return null;
  if (COMPARABLE.test(original.name) && original.size <= MAX_COMPARE_BYTES) return 'picture';
  const media = original.type.split('/')[0];
  if (media !== 'audio' && media !== 'video') return null;
  // The result keeps the original's format, so a browser that plays one plays both.
  return document.createElement(media).canPlayType(original.type) === '' ? null : media;
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

interface CompareDialogProps {
  opened: boolean;
  onClose: () => void;
  original: File;
  file: CompressedFile;
  kind: CompareKind;
}

/** The original as an object URL while the dialog is open (players stream it; the page's policy allows blob: media). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** Before and after in two players, one above the other, each with its size. */
function MediaCompare({ original, file, kind }: { original: File; file: CompressedFile; kind: 'audio' | 'video' }) {
  const before = useObjectUrl(original);
  const Player = kind;
  const player = { width: '100%', display: 'block', maxHeight: '30vh' } as const;
  return (
    <Stack gap="sm" data-testid="compare-view">
      <Text size="sm" fw={600}>
        Before · {formatBytes(original.size)}
      </Text>
      {before && (
        <Player controls preload="metadata" src={before} aria-label={`${file.fileName} before compression`} style={player} />
      )}
      <Text size="sm" fw={600}>
        After · {formatBytes(file.compressedSize)}
      </Text>
      {file.downloadUrl && (
        <Player
          controls
          preload="metadata"
          src={file.downloadUrl}
          aria-label={`${file.fileName} after compression`}
          style={player}
        />
      )}
    </Stack>
  );
}

/**
 * Before and after, one over the other: the slider uncovers the original from the left. "Fit" shows the whole
 * picture; "100%" shows it pixel for pixel, panned by scrolling, where differences show if there are any.
 */
export function CompareDialog({ opened, onClose, original, file, kind }: CompareDialogProps) {
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<'fit' | 'actual'>('fit');
  /** The result's own size in pixels: at 100 % the original is drawn at it, so a resized result lines up. */
  const [resultSize, setResultSize] = useState<{ width: number; height: number } | null>(null);
  const before = useDataUrl(opened && kind === 'picture' ? original : null);
  const after = file.downloadUrl;
  const fit = zoom === 'fit';
  const picture = { display: 'block', maxWidth: fit ? '100%' : 'none', width: fit ? '100%' : 'auto' } as const;
  const beforeSize = !fit && resultSize ? resultSize : {};
  if (kind !== 'picture')
    return (
      <Modal opened={opened} onClose={onClose} title="Before and after" size="lg" centered radius="md">
        {opened && <MediaCompare original={original} file={file} kind={kind} />}
      </Modal>
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Before and after" size="xl" centered radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text size="sm" c="dark.5">
              Quality
            </Text>
            <QualityBadge qualityScore={file.qualityScore} qualityLabel={file.qualityLabel} />
          </Group>
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
          style={{ position: 'relative', overflow: 'auto', maxHeight: '65vh', background: 'var(--mantine-color-gray-1)' }}
        >
          {after && (
            <img
              src={after}
              alt={`${file.fileName} after compression`}
              style={picture}
              onLoad={(e) => setResultSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            />
          )}
          {before && (
            <img
              src={before}
              alt={`${file.fileName} before compression`}
              style={{
                ...picture,
                ...beforeSize,
                position: 'absolute',
                top: 0,
                left: 0,
                clipPath: `inset(0 ${100 - split}% 0 0)`,
              }}
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
    </Modal>
  );
}
