import { Select } from '@mantine/core';
import { PDF_IMAGE_PPI_PRESETS } from '@shrinkly/contract';

const OWN = 'own';
const OPTIONS = [
  { value: OWN, label: 'Their own resolution' },
  ...PDF_IMAGE_PPI_PRESETS.map(({ ppi, label }) => ({ value: String(ppi), label })),
];

interface PdfResolutionFieldProps {
  value: number | null;
  onChange: (ppi: number | null) => void;
}

/** PDFs: the highest resolution their pictures keep (pictures drawn above it are resampled), or their own. */
export function PdfResolutionField({ value, onChange }: PdfResolutionFieldProps) {
  const data =
    value === null || OPTIONS.some((o) => o.value === String(value))
      ? OPTIONS
      : [...OPTIONS, { value: String(value), label: `${value} ppi` }];
  return (
    <Select
      label="PDF pictures"
      description="Pictures drawn above this resolution are resampled to it; text and drawings stay sharp"
      data={data}
      value={value === null ? OWN : String(value)}
      onChange={(next) => onChange(next === null || next === OWN ? null : Number(next))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
