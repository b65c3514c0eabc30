import { SimpleGrid, Skeleton } from '@mantine/core';

/** Card-shaped placeholders while the files load. */
export function FilesLoading() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" aria-hidden="true" data-testid="files-loading">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={150} radius="md" />
      ))}
    </SimpleGrid>
  );
}
