import { SimpleGrid } from '@mantine/core';
import { formatBytes } from '../../../format/format-bytes';
import { ResultStat } from '../../compression/components/result-stat';

/** STAT-04's five figures, as the landing page shows them for the service and for this browser. */
export interface LandingFigures {
  totalFiles: number;
  compressedFiles: number;
  averageSavedPercent: number;
  totalOriginalBytes: number;
  totalCompressedBytes: number;
}

export function StatsGrid({ figures, label }: { figures: LandingFigures; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label={label}>
      <ResultStat label="Total files" value={figures.totalFiles.toLocaleString('en-US')} />
      <ResultStat label="Compressed files" value={figures.compressedFiles.toLocaleString('en-US')} />
      <ResultStat label="Average space saved" value={`${figures.averageSavedPercent}%`} highlight />
      <ResultStat label="Total original size" value={formatBytes(figures.totalOriginalBytes)} />
      <ResultStat label="Total compressed size" value={formatBytes(figures.totalCompressedBytes)} />
    </SimpleGrid>
  );
}
