import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled block of a form: a labelled region (found by its title), bordered, with its heading. `id`
 * lets a link or a focus jump to it.
 */
export const FormSection = ({ title, id, children }: { title: string; id?: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title} id={id}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);
