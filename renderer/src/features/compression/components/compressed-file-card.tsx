import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { isSizable } from '@shrinkly/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { extensionOf } from '../../../components/drop-zone/accepted-types';
import { CheckIcon } from '../../../components/icons/check-icon';
import { QualityBadge } from '../../../components/quality-badge';
import { formatBytes } from '../../../format/format-bytes';
import { getComparison } from '../api';
import { LEVEL_LABELS } from '../level-labels';
import type { CompressedFile } from '../outcome';
import { CompareDialog, landingCompareSource } from './compare-dialog';
import { DownloadNote } from './download-note';
import { ResultStat } from './result-stat';

interface CompressedFileCardProps {
  file: CompressedFile;
  /** Compress Another File: resets the landing flow; without it the button goes home. */
  onCompressAnother?: () => void;
  /** The original, when the page still holds it: a picture is then offered a before/after view. */
  original?: File | null;
}

/** How the requested target size went, in words. */
function TargetNote({ target, fileName }: { target: NonNullable<CompressedFile['target']>; fileName: string }) {
  const size = formatBytes(target.bytes);
  const sizable = isSizable(extensionOf(fileName));
  const missed =
    target.belowFloorAllowed && sizable
      ? `Could not get under ${size}, even below this level's quality: this is the smallest result that keeps the level's quality.`
      : `Could not get under ${size} while keeping this level's quality: this is the smallest result that keeps it.${
          sizable ? ' Compress it again with “Allow lower quality to make it fit” ticked to go below it.' : ''
        }`;
  const text = !target.met
    ? missed
    : target.level === 'original'
      ? `Already under ${size}: the file is kept as it is.`
      : target.belowFloor
        ? `Under ${size}, below ${LEVEL_LABELS[target.level].label}'s quality as you allowed: expect visible or audible differences.`
        : `Under ${size}, at ${LEVEL_LABELS[target.level].label}: the best quality that fits.`;
  const color = !target.met ? 'orange' : target.belowFloor ? 'yellow' : 'green';
  return (
    <Alert color={color} variant="light" data-testid="target-outcome">
      {text}
    </Alert>
  );
}

/** The results variant: sizes, space saved, the download link and how long it works. */
export function CompressedFileCard({ file, onCompressAnother, original = null }: CompressedFileCardProps) {
  const saved = Math.max(0, file.spaceSaved);
  const [comparing, setComparing] = useState(false);
  const comparable = saved > 0 ? landingCompareSource(original, file, getComparison) : null;
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" aria-labelledby="result-title" data-testid="compression-result">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" size={44} radius="xl" variant="light">
            <CheckIcon size={24} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title id="result-title" order={3} fz="xl">
              Your file is ready
            </Title>
            <Text size="sm" c="dark.5" truncate="end">
              {file.fileName}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <ResultStat label="Original size" value={formatBytes(file.originalSize)} />
          <ResultStat label="Compressed size" value={formatBytes(file.compressedSize)} />
          <ResultStat label="Space saved" value={`${Number(saved.toFixed(1))}%`} highlight />
        </SimpleGrid>
        {file.qualityLabel && saved > 0 && (
          <Group justify="center" gap="xs">
            <Text size="sm" c="dark.5">
              Quality
            </Text>
            <QualityBadge qualityScore={file.qualityScore} qualityLabel={file.qualityLabel} size="md" />
          </Group>
        )}
        {file.target && <TargetNote target={file.target} fileName={file.fileName} />}
        {saved === 0 && (
          <Text size="sm" c="dark.5" ta="center">
            This file was already as small as it can be without losing quality, so you get it back unchanged.
          </Text>
        )}
        <Group justify="center" gap="sm">
          {file.downloadUrl && (
            <Button component="a" href={file.downloadUrl} download size="md">
              Download
            </Button>
          )}
          {comparable && (
            <Button variant="light" size="md" onClick={() => setComparing(true)}>
              Compare
            </Button>
          )}
          {onCompressAnother ? (
            <Button variant="default" size="md" onClick={onCompressAnother}>
              Compress Another File
            </Button>
          ) : (
            <Button component={Link} to="/" variant="default" size="md">
              Compress Another File
            </Button>
          )}
        </Group>
        <DownloadNote available={file.downloadUrl !== null} expiresAt={file.downloadExpiresAt} paid={file.paid} />
        {comparable && (
          <CompareDialog
            opened={comparing}
            onClose={() => setComparing(false)}
            source={comparable}
            name={file.fileName}
            qualityScore={file.qualityScore}
            qualityLabel={file.qualityLabel}
          />
        )}
      </Stack>
    </Card>
  );
}
