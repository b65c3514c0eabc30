import { MetadataField } from '../../compression/components/metadata-field';
import { PdfResolutionField } from '../../compression/components/pdf-resolution-field';
import { ResizeField } from '../../compression/components/resize-field';
import { TargetSizeField } from '../../compression/components/target-size-field';
import type { CompressionOptions } from '../../compression/compression-options';

/** The options beside the level of a My Files upload: a longest side, PDF pictures' resolution, photo data and a size to fit under. */
export function CompressionOptionsFields({ options }: { options: CompressionOptions }) {
  return (
    <>
      <ResizeField value={options.maxDimension} onChange={options.setMaxDimension} />
      <PdfResolutionField value={options.maxImagePpi} onChange={options.setMaxImagePpi} />
      <MetadataField value={options.metadata} onChange={options.setMetadata} />
      <TargetSizeField
        value={options.targetBytes}
        onChange={options.setTargetBytes}
        belowFloor={options.belowFloor}
        onBelowFloorChange={options.setBelowFloor}
      />
    </>
  );
}
