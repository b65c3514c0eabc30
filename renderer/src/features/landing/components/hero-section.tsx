import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { FREE_COMPRESSION_LIMIT_BYTES, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../../components/icons/check-icon';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { UPLOAD_SECTION_ID } from '../../compression/components/upload-section';

const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);

const HIGHLIGHTS = [
  `Free for files under ${freeLimit}`,
  'No registration needed',
  `Temporary files deleted after ${formatHours(TEMPORARY_FILE_TTL_MS)}`,
];

/** Get Started Free: down to the upload area, smoothly, without a router navigation. */
function scrollToUpload(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById(UPLOAD_SECTION_ID);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 48, sm: 88 }}
      style={{ background: 'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)' }}
    >
      <Container size="md">
        <Stack align="center" gap="lg" ta="center">
          <Text tt="uppercase" fw={700} fz="xs" c="blue.8" style={{ letterSpacing: '0.08em' }}>
            Compression · Conversion · Cloud storage
          </Text>
          <Title id="hero-title" order={1} fz={{ base: 34, sm: 52 }} lh={1.1} c="dark.8">
            Make your files{' '}
            <Text component="span" inherit c="blue.8">
              up to 85% smaller
            </Text>{' '}
            without losing quality
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dark.5" maw={640}>
            Shrink images, PDFs, Office documents, video, audio and archives in seconds. Pick a compression level, download the
            result, and keep your favourites organised in the cloud.
          </Text>
          <Group justify="center" gap="sm">
            <Button component="a" href={`#${UPLOAD_SECTION_ID}`} onClick={scrollToUpload} size="md">
              Get Started Free
            </Button>
            <Button component={Link} to="/#pricing" size="md" variant="default">
              View Pricing
            </Button>
          </Group>
          <Group justify="center" gap="lg" c="dark.5">
            {HIGHLIGHTS.map((highlight) => (
              <Group key={highlight} gap={6} wrap="nowrap">
                <Box c="green.7" display="flex">
                  <CheckIcon />
                </Box>
                <Text size="sm">{highlight}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
