import {
  Box,
  type BoxProps,
  Container,
  type MantineSize,
  Stack,
  type StackProps,
  Text,
  Title,
  type TitleProps,
} from '@mantine/core';
import type { ReactNode } from 'react';

interface PageSectionProps extends Pick<BoxProps, 'py' | 'bg'> {
  /** The section's anchor (`/#features`); its heading's id is this plus `-title`. */
  id: string;
  size?: MantineSize;
  children: ReactNode;
}

/** A full-width section of a long page, reachable by its anchor below the sticky bar. */
export function PageSection({ id, size = 'lg', py = { base: 48, sm: 80 }, bg, children }: PageSectionProps) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py={py} bg={bg} style={{ scrollMarginTop: 72 }}>
      <Container size={size}>{children}</Container>
    </Box>
  );
}

interface SectionHeadingProps extends Pick<StackProps, 'mt' | 'mb'> {
  /** The heading's id, when it names its section. */
  id?: string;
  title: ReactNode;
  fz?: TitleProps['fz'];
  children: ReactNode;
}

/** A section's centred heading and the sentence under it. */
export function SectionHeading({ id, title, fz = { base: 28, sm: 36 }, mt, mb = 'xl', children }: SectionHeadingProps) {
  return (
    <Stack align="center" gap="xs" ta="center" mt={mt} mb={mb}>
      <Title id={id} order={2} fz={fz}>
        {title}
      </Title>
      <Text c="dark.5" maw={620}>
        {children}
      </Text>
    </Stack>
  );
}
