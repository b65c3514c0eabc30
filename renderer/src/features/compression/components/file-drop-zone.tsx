import { FREE_COMPRESSION_LIMIT_BYTES, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { DropZone } from '../../../components/drop-zone/drop-zone';
import { formatBytes } from '../../../format/format-bytes';
import { LANDING_TYPES } from '../file-acceptance';

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
}

/** The landing page's drop target (docs/product/SPEC.md §5 "Landing drop"): one file, the landing types. */
export function FileDropZone({ onFiles }: FileDropZoneProps) {
  return (
    <DropZone
      inputId="landing-file-input"
      label="Choose a file to compress"
      title="Drag and drop your file here, or click to browse"
      types={LANDING_TYPES}
      hint={`One file at a time, up to ${formatBytes(MAX_FILE_SIZE_BYTES)}. Free under ${formatBytes(FREE_COMPRESSION_LIMIT_BYTES)}.`}
      large
      testId="upload-drop-zone"
      onFiles={onFiles}
    />
  );
}
