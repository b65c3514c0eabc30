import { usePageTitle } from '../../../app/use-page-title';
import { UploadSection } from '../../compression/components/upload-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';
import { VisitorStatsSection } from '../components/visitor-stats-section';

/** `/` for visitors: hero, `#upload`, this browser's stats (`#your-stats`, once it has compressed), `#features` and `#pricing`. */
export function LandingPage() {
  usePageTitle('Compress files up to 85% smaller');
  return (
    <>
      <HeroSection />
      <UploadSection />
      <VisitorStatsSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
