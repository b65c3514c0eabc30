import { Card, SimpleGrid, TextInput, Title } from '@mantine/core';
import { planFromFlags, type User } from '@shrinkly/contract';
import { formatLongDate } from '../../../format/format-date';
import { PLAN_LABELS } from '../subscription-summary';

interface ProfileInformationProps {
  user: User;
}

/** Name, email, account type and member since, read-only. */
export function ProfileInformation({ user }: ProfileInformationProps) {
  const fields = [
    { label: 'Name', value: user.name },
    { label: 'Email', value: user.email },
    { label: 'Account Type', value: PLAN_LABELS[planFromFlags(user)] },
    { label: 'Member Since', value: formatLongDate(new Date(user.createdAt)) },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-title">
      <Title id="profile-title" order={2} fz="lg" mb="md">
        Profile Information
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {fields.map((field) => (
          <TextInput key={field.label} label={field.label} value={field.value} readOnly variant="filled" />
        ))}
      </SimpleGrid>
    </Card>
  );
}
