import { Stack, type StackProps, Text, Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeadingProps extends Pick<StackProps, 'gap'> {
  title: ReactNode;
  /** The line under the title, on what the page is for; none when absent. */
  intro?: ReactNode;
  fz?: TitleProps['fz'];
  /** Centred, for a page about one result. */
  centered?: boolean;
}

/** The top of a page: its one level-1 title and the line under it. */
export function PageHeading({ title, intro, gap = 6, fz = { base: 28, sm: 34 }, centered = false }: PageHeadingProps) {
  return (
    <Stack gap={gap} align={centered ? 'center' : undefined} ta={centered ? 'center' : undefined}>
      <Title order={1} fz={fz}>
        {title}
      </Title>
      {intro && <Text c="dark.5">{intro}</Text>}
    </Stack>
  );
}
