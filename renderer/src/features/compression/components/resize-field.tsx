import { Select } from '@mantine/core';
import { MAX_DIMENSION_PRESETS } from '@shrinkly/contract';

const FULL = 'full';
const OPTIONS = [
  { value: FULL, label: 'Original size' },
  ...MAX_DIMENSION_PRESETS.map((px) => ({ value: String(px), label: `Longest side ${px} px` })),
];

/** Pictures: made to fit a longest side (never enlarged), or kept at their size. */
export function ResizeField({ value, onChange }: { value: number | null; onChange: (pixels: number | null) => void }) {
  return (
    <Select
      label="Resize pictures"
      description="Most phone photos are 4000 px or more; 2560 px is plenty for the web"
      data={OPTIONS}
      value={value === null ? FULL : String(value)}
      onChange={(next) => onChange(next === null || next === FULL ? null : Number(next))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
