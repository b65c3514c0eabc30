import { Badge, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { FileRecord } from '@shrinkly/contract';
import { CATEGORY_COLORS, CategoryIcon, ClockIcon, FolderIcon } from '../../../components/icons/file-icons';
import { QualityBadge } from '../../../components/quality-badge';
import { formatDateTime, formatShortDate } from '../../../format/format-date';
import { formatFileSize } from '../../../format/format-file-size';
import { formatPercent } from '../../../format/format-percent';

/** "Saved 42.1%", or "Stored as is" when compression could not make the file smaller. */
export function SavedBadge({ file }: { file: FileRecord }) {
  return file.isCompressed ? (
    <Badge color="green" variant="light" size="sm" tt="none">
      Saved {formatPercent(file.spaceSaved)}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm" tt="none">
      Stored as is
    </Badge>
  );
}

/** A file still being compressed: "Compressing..." with its job's progress, in place of what it saved. */
export function CompressingProgress({ file }: { file: FileRecord }) {
  const percent = file.progress ?? 0;
  return (
    <Stack gap={4} style={{ flex: '1 1 140px' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600} c="blue.8" aria-live="polite">
          Compressing...
        </Text>
        <Text size="xs" c="dark.5">
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" striped animated aria-label={`Compression progress of ${file.name}`} />
    </Stack>
  );
}

/** What the file saved once stored, or its progress while it is compressed. */
export function FileOutcome({ file }: { file: FileRecord }) {
  if (file.status === 'processing') return <CompressingProgress file={file} />;
  return (
    <Group gap={6} wrap="wrap">
      <SavedBadge file={file} />
      {file.isCompressed && <QualityBadge qualityScore={file.qualityScore} qualityLabel={file.qualityLabel} />}
    </Group>
  );
}

/** Size and upload date. */
export function FileFacts({ file }: { file: FileRecord }) {
  return (
    <Text size="xs" c="dark.5">
      {formatFileSize(file.compressedSize)} · {formatShortDate(new Date(file.createdAt))}
    </Text>
  );
}

/** Free accounts: when the file is removed. Nothing for kept files. */
export function FileExpiry({ file }: { file: FileRecord }) {
  if (!file.expiresAt) return null;
  return (
    <Group gap={4} wrap="nowrap" c="orange.9">
      <ClockIcon size={14} />
      <Text size="xs" fw={600}>
        Expires {formatDateTime(new Date(file.expiresAt))}
      </Text>
    </Group>
  );
}

/** A shared file: its downloads through share links, and how many links are active. Nothing for a file never shared. */
export function FileShares({ file }: { file: FileRecord }) {
  if (file.shareLinks === 0 && file.shareDownloads === 0) return null;
  const downloads = `${file.shareDownloads} ${file.shareDownloads === 1 ? 'download' : 'downloads'}`;
  const links = file.shareLinks === 0 ? '' : ` · ${file.shareLinks} active ${file.shareLinks === 1 ? 'link' : 'links'}`;
  return (
    <Text size="xs" fw={600} c="blue.8" data-testid="file-shares">
      Shared: {downloads}
      {links}
    </Text>
  );
}

/** A search match from a folder says where it lives. */
export function FileFolder({ file }: { file: FileRecord }) {
  if (!file.folder) return null;
  return (
    <Group gap={4} wrap="nowrap" c="dark.5" style={{ minWidth: 0 }}>
      <FolderIcon size={14} />
      <Text size="xs" truncate="end">
        In {file.folder.name}
      </Text>
    </Group>
  );
}

/** The name, size and date, and the folder on root search results: the same in the grid and the list. */
export function FileSummary({ file, showFolder }: { file: FileRecord; showFolder: boolean }) {
  return (
    <>
      <Text fw={700} size="sm" truncate="end" title={file.name}>
        {file.name}
      </Text>
      <FileFacts file={file} />
      {showFolder && <FileFolder file={file} />}
    </>
  );
}

/** The file's category as a coloured icon: larger on a card, smaller in a row. */
export function FileCategoryIcon({ file, size }: { file: FileRecord; size: 'card' | 'row' }) {
  const [box, glyph] = size === 'card' ? [44, 24] : [36, 20];
  return (
    <ThemeIcon size={box} radius="md" variant="light" color={CATEGORY_COLORS[file.category]}>
      <CategoryIcon category={file.category} size={glyph} />
    </ThemeIcon>
  );
}

/** What names a file's card or row for assistive technology and the tests, and says its status. */
export function fileItemAttributes(file: FileRecord) {
  return { 'aria-label': file.name, 'data-testid': 'file-item', 'data-status': file.status };
}
