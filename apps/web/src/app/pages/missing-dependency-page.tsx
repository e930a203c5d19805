import { missingDependencyMessage, needsOf } from '@karya/domain';
import { Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { LazyWhoCan } from '../../components/permissions/lazy-who-can';
import { useCanFinish } from '../../components/permissions/use-can-finish';
import { ErrorLayout, HomeButton } from './error-pages';

/**
 * The page of an action the user holds but cannot finish (issue 23: its form needs a permission besides,
 * such as searching the customers of a sale): what is missing and who can do it, instead of a form that
 * cannot be saved.
 */
export const MissingDependencyPage = ({ resource, action }: { resource: string; action: string }) => {
  const { missing } = useCanFinish();
  return (
    <ErrorLayout
      icon={<IconLock size={36} />}
      code="403"
      title="This needs one more permission"
      action={
        <Stack align="center" gap="sm">
          <LazyWhoCan needs={needsOf(resource, action)} />
          <HomeButton variant="light" />
        </Stack>
      }
    >
      {missingDependencyMessage(resource, action, missing(resource, action))}
    </ErrorLayout>
  );
};
