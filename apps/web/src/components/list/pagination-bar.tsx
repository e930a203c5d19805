import { formatListCount, PAGE_SIZES, pageCount } from '@karya/domain';
import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';

/**
 * Page numbers plus a page-size choice; shows "21–40 of 95" (spec 1 §9: ceil(total / limit) pages). A count
 * past the bound (decision 0021) shows "of 10,000+" with Count all; its pages reach as far as the rows seen
 * so far prove, plus the next one.
 */
export const PaginationBar = ({
  page,
  limit,
  total,
  exact = true,
  counting = false,
  onCountAll,
  onPageChange,
  onLimitChange,
  sizes = PAGE_SIZES,
}: {
  page: number;
  limit: number;
  total: number;
  /** False: `total` is a lower bound. */
  exact?: boolean;
  /** The exact count is on its way. */
  counting?: boolean;
  onCountAll?: () => void;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  sizes?: readonly number[];
}) => {
  const pages = pageCount(total, limit);
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="xs">
        {/* A native select: the phone's own picker, and no combobox code on every list page. */}
        <NativeSelect
          aria-label="Rows per page"
          // A size from the URL that is not a choice (limit=100) is shown as what it is.
          data={(sizes.includes(limit) ? sizes : [...sizes, limit].sort((a, b) => a - b)).map(String)}
          value={String(limit)}
          onChange={(e) => onLimitChange(Number(e.currentTarget.value))}
          w={80}
          size="sm"
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {from.toLocaleString('en-IN')}–{to.toLocaleString('en-IN')} of {formatListCount(total, exact)}
        </Text>
        {!exact && onCountAll && (
          <Button variant="subtle" size="compact-sm" onClick={onCountAll} loading={counting}>
            Count all
          </Button>
        )}
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
        })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
      />
    </Group>
  );
};
