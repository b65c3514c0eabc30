import { Select } from '@mantine/core';
import { METADATA_CHOICES, METADATA_LABELS, type MetadataChoice } from '@shrinkly/contract';

const OPTIONS = METADATA_CHOICES.map((choice) => ({ value: choice, label: METADATA_LABELS[choice] }));

/** Pictures: drop every tag (the default) or keep the camera data and copyright without the location. */
export function MetadataField({ value, onChange }: { value: MetadataChoice; onChange: (choice: MetadataChoice) => void }) {
  return (
    <Select
      label="Photo data"
      description="Location is always removed; camera data and copyright only when you keep them"
      data={OPTIONS}
      value={value}
      onChange={(next) => onChange((next ?? 'strip') as MetadataChoice)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
