import { Box, List, type ListProps } from '@mantine/core';
import { CheckIcon } from './icons/check-icon';

interface CheckListProps extends Omit<ListProps, 'children' | 'icon'> {
  items: readonly string[];
}

/** A list of features, each with a green check mark. */
export function CheckList({ items, spacing = 8, size = 'sm', ...rest }: CheckListProps) {
  return (
    <List
      spacing={spacing}
      size={size}
      center
      icon={
        <Box c="green.7" display="flex">
          <CheckIcon />
        </Box>
      }
      {...rest}
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
