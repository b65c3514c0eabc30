import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  type CompressionLevel,
  type CompressionPreview,
  FREE_COMPRESSION_LIMIT_BYTES,
  isSizable,
  PAID_DOWNLOAD_TTL_MS,
  PAY_PER_FILE_PRICE_PHP,
  PAY_PER_FILE_PRICE_USD,
  RESIZABLE_PICTURE_TYPES,
  RESIZABLE_VIDEO_TYPES,
} from '@shrinkly/contract';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { formatMoney } from '../../../format/format-money';
import { LARGE_FILE_WARNING_BYTES } from '../../../transfer/transfer-timing';
import type { CompressionOptions } from '../compression-options';
import { sliderValueForLevel } from '../level-slider';
import { targetHint } from '../target-hint';
import { LevelCards } from './level-cards';
import { LevelSliderField } from './level-slider-field';
import { MetadataField } from './metadata-field';
import { PdfResolutionField } from './pdf-resolution-field';
import { ResizeField } from './resize-field';
import { TargetSizeField } from './target-size-field';

interface CompressionPreviewModalProps {
  /** The preview to show; null keeps the modal closed. */
  preview: CompressionPreview | null;
  level: CompressionLevel;
  sliderValue: number;
  onSliderChange: (value: number) => void;
  /** Target size, resize and photo data. */
  options: CompressionOptions;
  onCompress: () => void;
  onClose: () => void;
}

/** Estimated savings per level, the level slider and Compress. Large files add the payment notice. */
export function CompressionPreviewModal(props: CompressionPreviewModalProps) {
  const { preview, level, sliderValue, onSliderChange, options, onCompress, onClose } = props;
  const { targetBytes } = options;
  const resizable = (RESIZABLE_PICTURE_TYPES as readonly string[]).includes(preview?.fileType ?? '');
  const resizableVideo = (RESIZABLE_VIDEO_TYPES as readonly string[]).includes(preview?.fileType ?? '');
  return (
    <Modal opened={preview !== null} onClose={onClose} title="Compression Preview" centered radius="md" size="xl">
      {preview && (
        <Stack gap="md">
          <Text size="sm" c="dark.6">
            <Text component="span" fw={700} c="dark.8">
              {preview.fileName}
            </Text>{' '}
            · {formatBytes(preview.originalSize)}
            {preview.fileType ? ` · ${preview.fileType.toUpperCase()}` : ''}
          </Text>
          {preview.requiresPayment && (
            <Alert color="yellow" variant="light" title="Pay-per-file compression">
              Files of {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)} and over cost {formatMoney(PAY_PER_FILE_PRICE_USD)} per
              compression (≈ {formatMoney(PAY_PER_FILE_PRICE_PHP, 'PHP')}). The file is uploaded first; you pay once it has
              arrived, and the download link is then valid for {formatHours(PAID_DOWNLOAD_TTL_MS)}. These estimates are typical
              figures for this kind of file.
            </Alert>
          )}
          {preview.originalSize > LARGE_FILE_WARNING_BYTES && (
            <Alert color="orange" variant="light" title="Large file">
              Uploading {formatBytes(preview.originalSize)} may take a while. Keep this page open until it finishes.
            </Alert>
          )}
          <LevelCards previews={preview.previews} selected={level} onSelect={(l) => onSliderChange(sliderValueForLevel(l))} />
          <LevelSliderField value={sliderValue} onChange={onSliderChange} />
          {resizable && <ResizeField kind="picture" value={options.maxDimension} onChange={options.setMaxDimension} />}
          {resizableVideo && <ResizeField kind="video" value={options.maxDimension} onChange={options.setMaxDimension} />}
          {preview.fileType === 'pdf' && <PdfResolutionField value={options.maxImagePpi} onChange={options.setMaxImagePpi} />}
          {resizable && <MetadataField value={options.metadata} onChange={options.setMetadata} />}
          <TargetSizeField
            value={targetBytes}
            onChange={options.setTargetBytes}
            belowFloor={options.belowFloor}
            onBelowFloorChange={options.setBelowFloor}
            fileType={preview.fileType}
            hint={
              targetBytes === null
                ? null
                : targetHint(targetBytes, level, preview.originalSize, preview.previews, {
                    sizable: isSizable(preview.fileType ?? ''),
                    allowed: options.belowFloor,
                  })
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onCompress} data-autofocus>
              Compress
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
