import { errorMessageFor } from '@karya/domain';
import { notifications } from '@mantine/notifications';
import { isApiError } from './api';

/** Success toasts show the server's message; failures the mapped message of spec 1 §8. */
export const notifySuccess = (message: string) =>
  notifications.show({ color: 'green', title: 'Success', message, autoClose: 4000 });

/**
 * A server failure (5xx) carries the request's id: the toast shows its first characters, which the
 * server's log lines carry in full (`requestId`), so a user can quote it to whoever runs Karya.
 */
const referenceOf = (error: unknown) => {
  if (!isApiError(error) || error.status < 500) return '';
  const id = (error.body as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' && id ? ` (reference ${id.slice(0, 8)})` : '';
};

export const messageOf = (error: unknown) =>
  isApiError(error)
    ? `${error.message}${referenceOf(error)}`
    : errorMessageFor(undefined, error instanceof Error ? { message: error.message } : error);

export const notifyError = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: messageOf(error), autoClose: 6000 });

/**
 * Run a call with a loading toast ('Creating role...') that turns into the success or error toast.
 * Returns the call's result, or rethrows so forms can map field errors.
 */
export const withLoadingToast = async <T extends { message?: string }>(
  loading: string,
  run: () => Promise<T>,
) => {
  const id = notifications.show({
    loading: true,
    message: loading,
    autoClose: false,
    withCloseButton: false,
  });
  try {
    const result = await run();
    notifications.update({
      id,
      loading: false,
      color: 'green',
      title: 'Success',
      message: result.message || 'Done',
      autoClose: 4000,
      withCloseButton: true,
    });
    return result;
  } catch (error) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      title: 'Error',
      message: messageOf(error),
      autoClose: 6000,
      withCloseButton: true,
    });
    throw error;
  }
};
