import { breadcrumbSegments } from '@karya/domain';
import { ActionIcon, Anchor, Breadcrumbs, Group, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { useCanOpenIfKnown } from './record/record-link';

/** Abbreviations read in capitals (the areas HRM and CRM, GST); other words capitalised ('rejection-analysis'). */
const ACRONYMS = new Set(['hrm', 'crm', 'gst']);
const label = (segment: string) =>
  segment
    .split('-')
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

/**
 * Page header: title, optional back button, optional filter button (opens #filter), breadcrumbs built from
 * the path (ids and 'update' skipped; on a record's page ending with `recordName`), and actions on the
 * right. It sets the browser tab title: the record's name when given, else the page title.
 */
export const PageHeader = ({
  title,
  recordName,
  back,
  filter,
  actions,
}: {
  title: string;
  /** On a record's detail page: its name (tab title and last breadcrumb). */
  recordName?: string;
  back?: boolean;
  filter?: boolean;
  actions?: ReactNode;
}) => {
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(recordName?.trim() || title);
  const crumbs = breadcrumbSegments(location.pathname, recordName);
  const canOpen = useCanOpenIfKnown();
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
      <div>
        <Group gap="xs">
          {back && (
            <Tooltip label="Back">
              <ActionIcon variant="subtle" aria-label="Back" onClick={() => navigate(-1)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
        <Breadcrumbs
          mt={4}
          separatorMargin={4}
          aria-label="Breadcrumbs"
          // A record's name may be long (a vendor and its invoice number): it wraps on a phone.
          styles={{
            root: { flexWrap: 'wrap' },
            breadcrumb: { minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 },
          }}
        >
          {crumbs.map((c, i) =>
            // The current page, and a level the user may not open (the accountant's Products: issue 23),
            // are text, never a link to the 403 page.
            i === crumbs.length - 1 || !canOpen(c.href) ? (
              <span key={c.href} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                {c.record ? c.label : label(c.label)}
              </span>
            ) : (
              <Anchor key={c.href} component={Link} to={c.href} size="sm">
                {c.record ? c.label : label(c.label)}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </div>
      <Group gap="xs">
        {filter && (
          <Tooltip label="Filters">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label="Open filters"
              onClick={() => navigate({ hash: 'filter', search: location.search })}
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {actions}
      </Group>
    </Group>
  );
};
