// The new-user password's strength hint: its own chunk, loaded when the create form shows the field (the
// update form never does), so the user form's route stays within its size budget.
import { NEW_USER_PASSWORD_SPECIALS } from '@karya/domain';
import { PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

const NEW_USER_RULES: { re: RegExp; label: string }[] = [
  { re: /.{8,}/, label: 'At least 8 characters' },
  { re: /[A-Z]/, label: 'At least one uppercase letter' },
  { re: /[a-z]/, label: 'At least one lowercase letter' },
  { re: /[0-9]/, label: 'At least one number' },
  { re: /[!@#$%^&*(),.?":{}|<>]/, label: `At least one special character (${NEW_USER_PASSWORD_SPECIALS})` },
];

/** The new-user password with a live strength hint built from the same rules the schema checks. */
export const NewUserPasswordInput = ({
  value,
  ...props
}: ComponentProps<typeof PasswordInput> & { value: string }) => {
  const met = NEW_USER_RULES.filter((r) => r.re.test(value)).length;
  const strength = (met / NEW_USER_RULES.length) * 100;
  const color = strength === 100 ? 'teal' : strength >= 60 ? 'yellow' : 'red';
  return (
    <Stack gap={6}>
      <PasswordInput value={value} autoComplete="new-password" {...props} />
      <Progress value={strength} color={color} size="sm" aria-label="Password strength" />
      <Stack gap={2}>
        {NEW_USER_RULES.map((r) => {
          const ok = r.re.test(value);
          return (
            <Text key={r.label} size="xs" c={ok ? 'teal.8' : 'dimmed'} style={{ display: 'flex', gap: 4 }}>
              {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
              {r.label}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
};
