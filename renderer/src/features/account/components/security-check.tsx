import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';
import { CheckIcon } from '../../../components/icons/check-icon';
import { RefreshIcon } from '../../../components/icons/refresh-icon';
import { createSecurityQuestion, isCorrectAnswer } from '../security-question';

interface SecurityCheckProps {
  solved: boolean;
  onSolvedChange: (solved: boolean) => void;
}

/** The sign-up arithmetic check: question, Answer field, Check, and a button for a new question. */
export function SecurityCheck({ solved, onSolvedChange }: SecurityCheckProps) {
  const [question, setQuestion] = useState(() => createSecurityQuestion());
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const check = () => {
    if (isCorrectAnswer(question, answer)) {
      setError(null);
      onSolvedChange(true);
    } else {
      setError('Incorrect answer. Please try again.');
      onSolvedChange(false);
    }
  };

  const refresh = () => {
    setQuestion(createSecurityQuestion());
    setAnswer('');
    setError(null);
    onSolvedChange(false);
  };

  // Enter in the answer field checks the answer instead of submitting the sign-up form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!solved) check();
    }
  };

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" role="group" aria-label="Security check">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Security check
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text data-testid="security-question" fw={700} fz="lg" ff="monospace">
            {question.text}
          </Text>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="New question" onClick={refresh}>
            <RefreshIcon />
          </ActionIcon>
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Answer"
            inputMode="numeric"
            autoComplete="off"
            value={answer}
            onChange={(event) => {
              setAnswer(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            disabled={solved}
            error={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            style={{ flex: 1 }}
          />
          <Button type="button" variant="default" onClick={check} disabled={solved}>
            Check
          </Button>
        </Group>
        {error !== null && (
          <Text id={errorId} role="alert" size="sm" c="red.8">
            {error}
          </Text>
        )}
        {solved && (
          <Group gap={6} c="green.8" role="status">
            <CheckIcon />
            <Text size="sm" fw={500}>
              Correct! You can now create your account.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
