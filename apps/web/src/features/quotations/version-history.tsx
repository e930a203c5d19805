import {
  formatQuotationId,
  QUOTATION_MESSAGES,
  type QuotationChange,
  type QuotationDto,
  type QuotationVersionDto,
} from '@karya/domain';
import { Accordion, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatDateTime } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { withLoadingToast } from '../../lib/notify';
import { quotationChangeKeys, setActiveVersion } from './api';
import { VersionLines, VersionTotals } from './detail-sections';
import { QuotationStatusBadge, ReviewStatusBadge } from './quotation-display';

/** The ReQuotation Changes table (spec 3 §2): Type, Item, Description. */
export const ChangesTable = ({ changes, label }: { changes: readonly QuotationChange[]; label: string }) =>
  changes.length === 0 ? (
    <Text size="sm" c="dimmed">
      No changes from the previous version.
    </Text>
  ) : (
    <LineTable
      label={label}
      withTableBorder
      minWidth={480}
      rows={changes}
      getKey={(c, i) => `${c.type}:${c.item}:${i}`}
      columns={[
        { key: 'type', label: 'Type', cell: (c) => c.type },
        { key: 'item', label: 'Item', cell: (c) => c.item },
        { key: 'description', label: 'Description', cell: (c) => c.description },
      ]}
    />
  );

/** Make it Active (spec 3 §4): points the quotation at this version; every quotation view refreshes. */
const useMakeActive = (quotationId: string) => {
  const client = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const run = async (versionId: string) => {
    if (running) return;
    setRunning(versionId);
    try {
      await withLoadingToast('Making the version active', async () => {
        const answer = await setActiveVersion(quotationId, versionId);
        return { message: answer.message || QUOTATION_MESSAGES.madeActive };
      });
      for (const key of quotationChangeKeys) void client.invalidateQueries({ queryKey: key });
    } catch {
      // The toast has shown the error.
    } finally {
      setRunning(null);
    }
  };
  return { run, running };
};

/** One version's panel: its lines, totals, changes and review, and Make it Active when it is not the active one. */
const VersionPanel = ({
  quotation: q,
  version: v,
  canActivate,
  activate,
}: {
  quotation: QuotationDto;
  version: QuotationVersionDto;
  canActivate: boolean;
  activate: { run: (id: string) => void; running: string | null };
}) => {
  const number = formatQuotationId(q.quotationId, v.versionNumber);
  const active = v._id === q.activeVersion._id;
  return (
    <Stack gap="sm">
      <FieldList
        items={[
          { label: 'Valid Until', value: formatDate(v.validUntil) },
          { label: 'Created By', value: v.createdBy?.name },
          { label: 'Created On', value: formatDateTime(v.createdAt) },
          { label: 'Notes', value: v.notes, wide: true },
        ]}
      />
      <VersionLines version={v} label={`Items of ${number}`} />
      <VersionTotals version={v} />
      {v.versionNumber > 0 && (
        <>
          <Title order={4} size="h6">
            ReQuotation Changes
          </Title>
          <ChangesTable changes={v.changes} label={`Changes of ${number}`} />
        </>
      )}
      {v.review && (
        <FieldList
          items={[
            { label: 'Review', value: <ReviewStatusBadge status={v.review.status} size="sm" /> },
            { label: 'Reviewed By', value: v.review.reviewedBy?.name },
            { label: 'Reviewed On', value: formatDateTime(v.review.reviewedAt) },
            { label: 'Reason', value: v.review.reason, wide: true },
          ]}
        />
      )}
      {!active && canActivate && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => activate.run(v._id)}
            loading={activate.running === v._id}
            disabled={activate.running !== null}
            aria-label={`Make ${number} Active`}
          >
            Make it Active
          </Button>
        </Group>
      )}
    </Stack>
  );
};

/**
 * The Quotation History accordion (spec 3 §2): every version newest first, each with its lines, changes
 * and review; 'Make it Active' on the others (update on quotation, a live quotation).
 */
export const VersionHistory = ({
  quotation: q,
  canActivate,
}: {
  quotation: QuotationDto;
  canActivate: boolean;
}) => {
  const activate = useMakeActive(q._id);
  const versions = [...q.versions].sort((a, b) => b.versionNumber - a.versionNumber);
  return (
    <Accordion multiple variant="contained">
      {versions.map((v) => {
        const active = v._id === q.activeVersion._id;
        return (
          <Accordion.Item key={v._id} value={v._id}>
            <Accordion.Control>
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {formatQuotationId(q.quotationId, v.versionNumber)}
                </Text>
                <Text size="sm" lineClamp={1} style={{ flex: '1 1 160px' }}>
                  {v.title}
                </Text>
                <QuotationStatusBadge status={v.status} size="sm" />
                {v.review && <ReviewStatusBadge status={v.review.status} size="sm" />}
                {active && (
                  <Badge color="teal" variant="filled" size="sm" tt="none">
                    Active
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <VersionPanel
                quotation={q}
                version={v}
                canActivate={canActivate && !q.isDeleted}
                activate={activate}
              />
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
};
