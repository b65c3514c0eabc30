import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CheckIcon } from '../../../components/icons/check-icon';

interface ResetPasswordSuccessProps {
  /** Where the page is about to go, in words: "sign in" or "the admin login". */
  destination: string;
  onContinue: () => void;
}

export function ResetPasswordSuccess({ destination, onContinue }: ResetPasswordSuccessProps) {
  return (
    <Stack align="center" gap="md" ta="center" role="status">
      <ThemeIcon color="green" size={56} radius="xl" variant="light">
        <CheckIcon size={28} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        Password Reset Successful
      </Title>
      <Text c="dark.5">Your password has been changed. Redirecting you to {destination} in a few seconds…</Text>
      <Button onClick={onContinue}>Continue now</Button>
    </Stack>
  );
}
