import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FREE_COMPRESSION_LIMIT_BYTES, PRODUCT_NAME, pages, SUPPORT_EMAIL } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatBytes } from '../format/format-bytes';
import { BrandMark } from './icons/brand-mark';
import type { NavLinkEntry } from './navbar/navbar-user';

/** The footer's two link lists; a mailto: address opens the mail program instead of a page. */
const FOOTER_LINKS: ReadonlyArray<{ title: string; links: readonly NavLinkEntry[] }> = [
  {
    title: 'Support',
    links: [
      { label: 'Contact Support', to: `mailto:${SUPPORT_EMAIL}` },
      { label: 'Pricing', to: pages.subscribe },
      { label: 'Converter', to: pages.converter },
      { label: 'AI Compression', to: '/#features' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: pages.terms },
      { label: 'Privacy Policy', to: pages.privacy },
      { label: 'Refund Policy', to: pages.refund },
    ],
  },
];

function FooterLinks({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="nav" aria-label={title}>
      <Title order={2} fz="sm" tt="uppercase" c="dark.7" mb="sm" style={{ letterSpacing: '0.05em' }}>
        {title}
      </Title>
      <Stack gap={8}>{children}</Stack>
    </Box>
  );
}

/** Site footer: product blurb, Support links and Legal links. */
export function Footer() {
  return (
    <Box component="footer" bg="gray.0" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={8} wrap="nowrap">
              <BrandMark size={28} />
              <Text fw={800} fz="lg" c="dark.8">
                {PRODUCT_NAME}
              </Text>
            </Group>
            <Text size="sm" c="dark.5" maw={320}>
              Compress images, PDFs, Office documents, video, audio and archives by up to 85% while keeping their quality. Convert
              between formats for free, and keep your files organised in secure cloud storage. Files under{' '}
              {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)} are compressed free, no registration needed.
            </Text>
          </Stack>
          {FOOTER_LINKS.map(({ title, links }) => (
            <FooterLinks key={title} title={title}>
              {links.map(({ label, to }) =>
                to.startsWith('mailto:') ? (
                  <Anchor key={label} href={to} size="sm" c="dark.6">
                    {label}
                  </Anchor>
                ) : (
                  <Anchor key={label} component={Link} to={to} size="sm" c="dark.6">
                    {label}
                  </Anchor>
                ),
              )}
            </FooterLinks>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dark.4">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved. Support:{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="xs" c="dark.5">
            {SUPPORT_EMAIL}
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}
