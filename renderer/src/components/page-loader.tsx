import { Center, Loader } from '@mantine/core';

/** The centered spinner shown while the signed-in state loads. */
export function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader role="status" aria-label="Loading" size="lg" />
    </Center>
  );
}
