import { SimpleGrid } from '@mantine/core';
import { CONVERTED_FILE_TTL_MS, CONVERTER_LIMIT_BYTES } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { FeatureCard } from '../../../components/feature-card';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { ConvertIcon, FreeIcon, ShieldIcon } from './converter-icons';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
  color: string;
}

const FEATURES: readonly Feature[] = [
  {
    title: '100% Free',
    text: `No account, no watermark and no hidden fees. Convert as many files as you like, up to ${formatBytes(CONVERTER_LIMIT_BYTES)} each.`,
    icon: <FreeIcon size={22} />,
    color: 'green',
  },
  {
    title: 'Multiple Formats',
    text: 'Documents, images, video and audio: PDF, Word, Excel, PowerPoint, JPG, PNG, WebP, MP4, MP3 and more.',
    icon: <ConvertIcon size={22} />,
    color: 'blue',
  },
  {
    title: 'Fast & Secure',
    text: `Files travel over an encrypted connection and are deleted after ${formatHours(CONVERTED_FILE_TTL_MS)}; download links expire with them.`,
    icon: <ShieldIcon size={22} />,
    color: 'grape',
  },
];

/** The three cards under the converter. */
export function ConverterFeatures() {
  return (
    <SimpleGrid component="section" aria-label="Why use the converter" cols={{ base: 1, sm: 3 }} spacing="lg">
      {FEATURES.map((feature) => (
        <FeatureCard key={feature.title} order={2} title={feature.title} icon={feature.icon} color={feature.color}>
          {feature.text}
        </FeatureCard>
      ))}
    </SimpleGrid>
  );
}
