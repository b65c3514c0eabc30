import { usePageTitle } from '../../../app/use-page-title';
import { UploadSection } from '../../compression/components/upload-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';
import { ServiceStatsSection } from '../components/service-stats-section';
import { VisitorStatsSection } from '../components/visitor-stats-section';

/**
 * `/` for visitors: hero, `#upload`, the service's stats (`#service-stats`) and this browser's (`#your-stats`, once it
 * has compressed), `#features` and `#pricing`.
 */
export function LandingPage() {
  usePageTitle('Compress files up to 85% smaller');
  return (
    <>
      <HeroSection />
      <UploadSection />
      <ServiceStatsSection />
      <VisitorStatsSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
