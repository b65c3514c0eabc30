import { PageSection, SectionHeading } from '../../../components/page-section';
import { useVisitorStats } from '../../compression/visitor-stats';
import { StatsGrid } from './stats-grid';

/** The landing page's derived stats (STAT-04), from this browser's compressions; nothing until there is one. */
export function VisitorStatsSection() {
  const stats = useVisitorStats();
  if (stats.totalFiles === 0) return null;
  return (
    <PageSection id="your-stats" size="md" py={{ base: 24, sm: 32 }}>
      <SectionHeading id="your-stats-title" title="Your compressions" fz={{ base: 22, sm: 26 }} mb="md">
        Counted in this browser only.
      </SectionHeading>
      <StatsGrid label="Your compressions" figures={stats} />
    </PageSection>
  );
}
