import { Button, Code, CopyButton, Group, Paper, Text } from '@mantine/core';
import type { CreatedApiKey } from '@shrinkly/contract';

/** The secret of a key just made: the only time it is shown, with a way to copy it. */
export function CreatedApiKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    // Not a live region: a screen reader would read the whole secret aloud. The heading says what happened.
    <Paper withBorder radius="md" p="md" bg="green.0" component="section" aria-labelledby="created-key-title">
      <Text id="created-key-title" fw={600} mb={4}>
        Key "{created.key.name}" created
      </Text>
      <Text size="sm" mb="xs">
        Copy it now: it is not shown again. Send it as <Code>Authorization: Bearer KEY</Code> or as the password of HTTP Basic.
      </Text>
      <Code block aria-label="New API key" style={{ wordBreak: 'break-all' }}>
        {created.secret}
      </Code>
      <Group mt="sm">
        <CopyButton value={created.secret}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
        <Button size="compact-sm" variant="subtle" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Paper>
  );
}
