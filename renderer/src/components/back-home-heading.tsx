import { Anchor, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The top of a standalone page (the converter, the legal pages): a link back to the landing page, then its title. */
export function BackHomeHeading({ children }: { children: ReactNode }) {
  return (
    <>
      <Anchor component={Link} to="/" size="sm">
        <span aria-hidden="true">← </span>
        Back to Home
      </Anchor>
      <Title order={1} mt="md" fz={{ base: 30, sm: 38 }}>
        {children}
      </Title>
    </>
  );
}
