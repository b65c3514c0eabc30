import { usePageTitle } from '../../../app/use-page-title';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';

/** `/` for visitors: hero, `#features` and `#pricing`. */
export function LandingPage() {
  usePageTitle('Compress files up to 85% smaller');
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
