import { Box, Group, Skeleton, Stack } from '@mantine/core';

/** What a page looks like while its chunk loads: a header and a few rows, inside the shell. */
export const PageSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading page" role="status">
    <Group justify="space-between">
      <Skeleton height={28} width={180} radius="sm" />
      <Skeleton height={36} width={110} radius="sm" />
    </Group>
    {[0, 1, 2, 3, 4].map((i) => (
      <Skeleton key={i} height={44} radius="sm" />
    ))}
  </Stack>
);

/** Before the shell's own chunk has arrived: its header and sidebar as blocks, then a page skeleton. */
export const ShellSkeleton = () => (
  <Box role="status" aria-busy="true" aria-label="Loading Karya">
    <Box h={56} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} />
    <Group align="flex-start" gap={0} wrap="nowrap">
      <Box
        w={248}
        visibleFrom="sm"
        h="calc(100dvh - 56px)"
        style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
      />
      <Box p="md" bg="gray.0" mih="calc(100dvh - 56px)" style={{ flex: 1 }}>
        <PageSkeleton />
      </Box>
    </Group>
  </Box>
);
