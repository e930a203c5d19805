import { missingDependencyMessage, needsOf } from '@karya/domain';
import { Stack, Text } from '@mantine/core';
import { LazyWhoCan } from './lazy-who-can';
import { useCanFinish } from './use-can-finish';

/**
 * What an action held without what it needs lacks, and who can do it (decision 0014): the words of
 * BlockedAction's popover, for a place that shows them itself (a menu entry). Its own chunk: the words need
 * the permission catalogue's labels, which a page should not load before the entry is chosen.
 */
const MissingDependencyNote = ({ resource, action }: { resource: string; action: string }) => {
  const { missing } = useCanFinish();
  return (
    <Stack gap={6} role="status">
      <Text size="sm">{missingDependencyMessage(resource, action, missing(resource, action))}</Text>
      <LazyWhoCan needs={needsOf(resource, action)} />
    </Stack>
  );
};

export default MissingDependencyNote;
