import type { QuotationFromRequirementState } from '@karya/domain';
import { Button, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

const carried = (state: unknown): QuotationFromRequirementState | null => {
  const s = state as Partial<QuotationFromRequirementState> | null;
  return s && typeof s.requirementId === 'string' && typeof s.requirementTitle === 'string'
    ? {
        requirementId: s.requirementId,
        customerId: String(s.customerId ?? ''),
        requirementTitle: s.requirementTitle,
      }
    : null;
};

/**
 * /crm/quotations/create: quotations are not built yet. Convert to Quotation (spec 2 §2) lands here with the
 * requirement in navigation state; the page says plainly that quotations are coming and shows which
 * requirement would be converted, with links back to it and its customer.
 */
export const QuotationFromRequirementPage = () => {
  const { state } = useLocation();
  const from = carried(state);
  useDocumentTitle('Create Quotation');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Create Quotation
        </Title>
        <Text fw={600} c="karya.7">
          Coming soon
        </Text>
        <Text c="dimmed">
          Quotations are being built. Once they are ready, this page will start a quotation from the
          requirement below.
        </Text>
        {from ? (
          <Card withBorder radius="md" padding="md" w="100%" aria-label="Requirement to convert">
            <Text size="sm" c="dimmed">
              Requirement
            </Text>
            <Text fw={600} style={{ overflowWrap: 'break-word' }}>
              {from.requirementTitle}
            </Text>
            <Group justify="center" gap="sm" mt="sm">
              <Button component={Link} to={`/crm/requirements/${from.requirementId}`} variant="light">
                Back to the requirement
              </Button>
              {from.customerId && (
                <Button component={Link} to={`/crm/customers/${from.customerId}`} variant="default">
                  Open the customer
                </Button>
              )}
            </Group>
          </Card>
        ) : (
          <Button component={Link} to="/crm/requirements" variant="light" mt="sm">
            Back to requirements
          </Button>
        )}
      </Stack>
    </Center>
  );
};
