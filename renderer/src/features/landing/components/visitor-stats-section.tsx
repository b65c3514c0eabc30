import { SimpleGrid } from '@mantine/core';
import { PageSection, SectionHeading } from '../../../components/page-section';
import { formatBytes } from '../../../format/format-bytes';
import { ResultStat } from '../../compression/components/result-stat';
import { useVisitorStats } from '../../compression/visitor-stats';

/** The landing page's derived stats (STAT-04), from this browser's compressions; nothing until there is one. */
export function VisitorStatsSection() {
  const stats = useVisitorStats();
  if (stats.totalFiles === 0) return null;
  return (
    <PageSection id="your-stats" size="md" py={{ base: 24, sm: 32 }}>
      <SectionHeading id="your-stats-title" title="Your compressions" fz={{ base: 22, sm: 26 }} mb="md">
        Counted in this browser only.
      </SectionHeading>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <ResultStat label="Total files" value={String(stats.totalFiles)} />
        <ResultStat label="Compressed files" value={String(stats.compressedFiles)} />
        <ResultStat label="Average space saved" value={`${stats.averageSavedPercent}%`} highlight />
        <ResultStat label="Total original size" value={formatBytes(stats.totalOriginalBytes)} />
        <ResultStat label="Total compressed size" value={formatBytes(stats.totalCompressedBytes)} />
      </SimpleGrid>
    </PageSection>
  );
}
