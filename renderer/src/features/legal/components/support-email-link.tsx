import { Anchor } from '@mantine/core';
import { SUPPORT_EMAIL } from '@shrinkly/contract';

export function SupportEmailLink() {
  return (
    <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit>
      {SUPPORT_EMAIL}
    </Anchor>
  );
}
