import { Select } from '@mantine/core';
import { MAX_DIMENSION_PRESETS, VIDEO_DIMENSION_PRESETS } from '@shrinkly/contract';

const FULL = 'full';
const ORIGINAL = { value: FULL, label: 'Original size' };
const PICTURE_OPTIONS = MAX_DIMENSION_PRESETS.map((px) => ({ value: String(px), label: `Longest side ${px} px` }));
const VIDEO_OPTIONS = VIDEO_DIMENSION_PRESETS.map(({ px, label }) => ({
  value: String(px),
  label: `${label} (longest side ${px} px)`,
}));

/** The sizes offered for one kind of file, or for a queue of any (pictures' sizes, then video's smaller ones). */
const OPTIONS = {
  picture: [ORIGINAL, ...PICTURE_OPTIONS],
  video: [ORIGINAL, ...VIDEO_OPTIONS],
  any: [ORIGINAL, ...PICTURE_OPTIONS, ...VIDEO_OPTIONS.filter((v) => !PICTURE_OPTIONS.some((p) => p.value === v.value))],
};

const TEXT = {
  picture: { label: 'Resize pictures', description: 'Most phone photos are 4000 px or more; 2560 px is plenty for the web' },
  video: { label: 'Resize video', description: '720p plays well on phones and in chat apps, at a fraction of 4K or 1080p' },
  any: { label: 'Resize pictures and videos', description: 'Each fits the longest side chosen, never enlarged' },
};

interface ResizeFieldProps {
  value: number | null;
  onChange: (pixels: number | null) => void;
  /** What is being resized: one picture, one video, or a queue of any files. */
  kind?: keyof typeof OPTIONS;
}

/** Pictures and videos: made to fit a longest side (never enlarged), or kept at their size. */
export function ResizeField({ value, onChange, kind = 'any' }: ResizeFieldProps) {
  const options = OPTIONS[kind];
  // A size chosen for another kind of file stays shown as chosen.
  const data =
    value === null || options.some((o) => o.value === String(value))
      ? options
      : [...options, { value: String(value), label: `Longest side ${value} px` }];
  return (
    <Select
      {...TEXT[kind]}
      data={data}
      value={value === null ? FULL : String(value)}
      onChange={(next) => onChange(next === null || next === FULL ? null : Number(next))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
