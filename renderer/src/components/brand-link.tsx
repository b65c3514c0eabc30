import { Group, Text, UnstyledButton } from '@mantine/core';
import { PRODUCT_NAME } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { BrandMark } from './icons/brand-mark';

/** Logo and product name, linking home. */
export function BrandLink() {
  return (
    <UnstyledButton component={Link} to="/" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text component="span" fw={800} fz="xl" c="dark.8">
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
