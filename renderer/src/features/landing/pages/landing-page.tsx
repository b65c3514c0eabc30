import { usePageTitle } from '../../../app/use-page-title';
import { UploadSection } from '../../compression/components/upload-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';

/** `/` for visitors: hero, `#upload`, `#features` and `#pricing`. */
export function LandingPage() {
  usePageTitle('Compress files up to 85% smaller');
  return (
    <>
      <HeroSection />
      <UploadSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
