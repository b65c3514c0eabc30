import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { ResultPageFrame } from '../components/result-page-frame';

/** `/compression-failed`: a job that could not be compressed. */
export function CompressionFailedPage() {
  usePageTitle('Compression Failed');
  return (
    <ResultPageFrame title="Compression Failed">
      <Text ta="center" c="dark.6">
        We could not compress your file. It may be damaged, protected, or in a form we cannot process. Please try again, or try a
        different file.
      </Text>
      <Group justify="center">
        <Button component={Link} to="/">
          Try Again
        </Button>
      </Group>
    </ResultPageFrame>
  );
}
