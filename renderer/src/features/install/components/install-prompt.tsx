import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@shrinkly/contract';
import { BrandMark } from '../../../components/icons/brand-mark';
import { useInstallPrompt } from '../use-install-prompt';
import classes from './install-prompt.module.css';

/** The floating install card, shown once the browser offers installation and until it is closed this session. */
export function InstallPrompt() {
  const { visible, install, close } = useInstallPrompt();
  if (!visible) return null;
  return (
    <Paper
      className={classes.card}
      withBorder
      shadow="lg"
      radius="lg"
      p="md"
      role="region"
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <BrandMark size={40} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text id="install-prompt-title" fw={700}>
            Install {PRODUCT_NAME}
          </Text>
          <Text size="sm" c="dark.5">
            Get instant access to file compression on your mobile device
          </Text>
          <Button size="xs" mt={6} w="fit-content" onClick={() => void install()}>
            Install
          </Button>
        </Stack>
        <CloseButton aria-label="Close install prompt" onClick={close} />
      </Group>
    </Paper>
  );
}
