import { MetadataField } from '../../compression/components/metadata-field';
import { ResizeField } from '../../compression/components/resize-field';
import { TargetSizeField } from '../../compression/components/target-size-field';
import type { CompressionOptions } from '../../compression/compression-options';

/** The options beside the level of a My Files upload: a longest side for pictures and a size to fit under. */
export function CompressionOptionsFields({ options }: { options: CompressionOptions }) {
  return (
    <>
      <ResizeField value={options.maxDimension} onChange={options.setMaxDimension} />
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
