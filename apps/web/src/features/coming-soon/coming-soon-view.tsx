import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { areaForPath } from '../../app/areas';
import { useDocumentTitle } from '../../lib/document-title';

const words = (segment: string) =>
  segment
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** 'Products · Stocks' from /admin/products/stocks: the path without its area and ids. */
export const titleFromPath = (pathname: string) => {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .slice(1)
    .filter((s) => !/^[0-9a-f]{24}$/i.test(s));
  return segments.length ? segments.map(words).join(' · ') : 'Dashboard';
};

/** A menu entry whose screens are not built yet: say so plainly instead of showing a broken page. */
export const ComingSoonPage = () => {
  const { pathname } = useLocation();
  const area = areaForPath(pathname) ?? 'hrm';
  useDocumentTitle(titleFromPath(pathname));
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {titleFromPath(pathname)}
        </Title>
        <Text fw={600} c="karya.7">
          Coming soon
        </Text>
        <Text c="dimmed">This part of Karya is being built. It will appear here as soon as it is ready.</Text>
        <Button component={Link} to={`/${area}`} variant="light" mt="sm">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
};
