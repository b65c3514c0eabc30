import { Box, Group, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { QualityBadge } from '../../../components/quality-badge';
import type { CompressedFile } from '../outcome';

/** Pictures the browser shows itself, small enough to read here: larger ones are not compared in the page. */
const COMPARABLE = /\.(jpe?g|png|webp|gif|avif)$/i;
const MAX_COMPARE_BYTES = 25 * 1024 * 1024;

export function isComparable(original: File | null, file: CompressedFile): original is File {
  return !!original && !!file.downloadUrl && COMPARABLE.test(original.name) && original.size <= MAX_COMPARE_BYTES;
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
}

/**
 * Before and after, one over the other: the slider uncovers the original from the left. "Fit" shows the whole
 * picture; "100%" shows it pixel for pixel, panned by scrolling, where differences show if there are any.
 */
export function CompareDialog({ opened, onClose, original, file }: CompareDialogProps) {
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<'fit' | 'actual'>('fit');
  const before = useDataUrl(opened ? original : null);
  const after = file.downloadUrl;
  const fit = zoom === 'fit';
  const picture = { display: 'block', maxWidth: fit ? '100%' : 'none', width: fit ? '100%' : 'auto' } as const;
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
          {after && <img src={after} alt={`${file.fileName} after compression`} style={picture} />}
          {before && (
            <img
              src={before}
              alt={`${file.fileName} before compression`}
              style={{ ...picture, position: 'absolute', top: 0, left: 0, clipPath: `inset(0 ${100 - split}% 0 0)` }}
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
