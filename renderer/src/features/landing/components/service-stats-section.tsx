import type { ServiceStats } from '@shrinkly/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { PageSection, SectionHeading } from '../../../components/page-section';
import { useVisitorStats } from '../../compression/visitor-stats';
import { type LandingFigures, StatsGrid } from './stats-grid';

function figuresOf(stats: ServiceStats): LandingFigures {
  return {
    totalFiles: stats.totalFiles,
    compressedFiles: stats.compressedFiles,
    averageSavedPercent: stats.averageSpaceSaved,
    totalOriginalBytes: stats.totalOriginalSize,
    totalCompressedBytes: stats.totalCompressedSize,
  };
}

/**
 * The service's figures (STAT-04 for everyone's compressions), read again whenever this browser finishes one. Nothing
 * while they load, when they cannot be read, or before the first compression: the page stands without them.
 */
export function ServiceStatsSection() {
  const mine = useVisitorStats().totalFiles;
  const { data } = useQuery({ queryKey: ['service-stats', mine], queryFn: () => api.serviceStats(), retry: false });
  if (!data || data.totalFiles === 0) return null;
  return (
    <PageSection id="service-stats" size="md" py={{ base: 24, sm: 32 }}>
      <SectionHeading id="service-stats-title" title="Compressed with Shrinkly" fz={{ base: 22, sm: 26 }} mb="md">
        Every file our visitors and members have compressed so far.
      </SectionHeading>
      <StatsGrid label="Compressed with Shrinkly" figures={figuresOf(data)} />
    </PageSection>
  );
}
