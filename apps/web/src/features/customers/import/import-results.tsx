import type { CustomerDuplicateMatch } from '@karya/domain';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { DuplicateMatchLine } from '../duplicate-warning';
import { download, PagedTable, place, text, WorkingBar } from './import-parts';
import { IMPORT_MESSAGES as M } from './import-rules';
import type { ImportRow } from './parse';

/**
 * A checked file: how many rows are valid and how many have errors; the valid customers with 'Add valid
 * customers' (and, when some look like existing customers, the choice to leave those out); the rows with
 * errors, which download as a workbook.
 */
export const ImportResults = ({
  valid,
  invalid,
  similar,
  skipSimilar,
  onSkipSimilar,
  saving,
  saveError,
  onAdd,
}: {
  valid: readonly ImportRow[];
  invalid: readonly ImportRow[];
  similar: Map<number, CustomerDuplicateMatch[]>;
  skipSimilar: boolean;
  onSkipSimilar: (skip: boolean) => void;
  saving: boolean;
  saveError: string | null;
  onAdd: () => void;
}) => (
  <>
    <Group gap="xs">
      <Badge color="green" variant="light">
        {valid.length} valid
      </Badge>
      <Badge color={invalid.length ? 'red' : 'gray'} variant="light">
        {invalid.length} with errors
      </Badge>
    </Group>

    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          Valid customers
        </Title>
        <Button onClick={onAdd} loading={saving} disabled={valid.length === 0}>
          Add valid customers
        </Button>
      </Group>
      {similar.size > 0 && (
        <Alert color="orange" variant="light" title="Some may already exist">
          <Text size="sm">
            {similar.size} of the valid customers look like customers already in Karya (a similar name in the
            same place, the same phone or the same e-mail); see "May already exist" below.
          </Text>
          <Checkbox
            mt="xs"
            label={`Leave out the ${similar.size} that may already exist`}
            checked={skipSimilar}
            onChange={(e) => onSkipSimilar(e.currentTarget.checked)}
          />
        </Alert>
      )}
      {saving && <WorkingBar label={M.adding} />}
      {saveError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {saveError}
        </Alert>
      )}
      {valid.length ? (
        <PagedTable
          label="Valid customers"
          rows={valid}
          head={[
            'Customer No',
            'Name',
            'Type',
            'Email',
            'Phone',
            'City',
            ...(similar.size ? ['May already exist'] : []),
          ]}
          cells={(r) => [
            r.no,
            r.name,
            text(r.customer.type),
            text(r.customer.email),
            text(r.customer.phone),
            place(r),
            ...(similar.size
              ? [
                  <Stack key="similar" gap={2}>
                    {(similar.get(r.no) ?? []).map((m) => (
                      <DuplicateMatchLine key={m._id} match={m} />
                    ))}
                  </Stack>,
                ]
              : []),
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {M.noneValid}
        </Text>
      )}
    </Stack>

    {invalid.length > 0 && (
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            Errors
          </Title>
          <Button
            variant="light"
            color="red"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('errors', invalid)}
          >
            Download errors
          </Button>
        </Group>
        <PagedTable
          label="Customers with errors"
          rows={invalid}
          head={['Customer No', 'Customer Name', 'Errors']}
          cells={(r) => [
            r.no,
            r.name || '-',
            <Stack key="errors" gap={2}>
              {r.errors.map((e) => (
                <Text key={e} size="sm" c="red.9">
                  {e}
                </Text>
              ))}
            </Stack>,
          ]}
        />
      </Stack>
    )}
  </>
);
