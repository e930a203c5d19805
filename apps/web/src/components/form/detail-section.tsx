import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// Apart from FormSection (section.tsx) so that a form's route does not load the Card it does not use.
/**
 * A titled block of a detail page: a card named by its heading (`id` is the heading's), with an optional
 * action beside the title (Edit, Add).
 */
export const DetailSection = ({
  title,
  id,
  action,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
}) => {
  const heading = (
    <Title order={3} size="h5" id={id} mb={action ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      {action ? (
        <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
};
