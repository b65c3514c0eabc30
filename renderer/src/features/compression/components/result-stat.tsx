import { Paper, Text } from '@mantine/core';

interface ResultStatProps {
  label: string;
  value: string;
  highlight?: boolean;
}

/** One figure of a result: "Original size 2.4MB". */
export function ResultStat({ label, value, highlight }: ResultStatProps) {
  return (
    <Paper withBorder radius="md" p="sm" ta="center" bg={highlight ? 'green.0' : undefined}>
      <Text size="xs" c="dark.5" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={800} fz="xl" c={highlight ? 'green.9' : 'dark.8'}>
        {value}
      </Text>
    </Paper>
  );
}
