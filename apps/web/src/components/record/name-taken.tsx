import type { NameHolder } from '@karya/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';

/** The record a 409 for a taken name holds (brands, categories, classes, vendors; issue 23), from its data. */
export const nameHolderOf = (error: unknown): NameHolder | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const data = (error.body as { data?: { _id?: unknown; name?: unknown } } | undefined)?.data;
  return typeof data?._id === 'string' && typeof data.name === 'string'
    ? { _id: data._id, name: data.name }
    : null;
};

/**
 * A save's error for the form's alert: the server's message, and when the name is taken a link to the
 * record that holds it ('ozobot' refused beside 'Ozobot' opens Ozobot).
 */
export const saveErrorContent = (error: unknown, pathOf: (id: string) => string) => {
  const message = messageOf(error);
  const holder = nameHolderOf(error);
  if (!holder) return message;
  return (
    <>
      {message}{' '}
      <Anchor component={Link} to={pathOf(holder._id)} inherit>
        Open {holder.name}
      </Anchor>
    </>
  );
};
