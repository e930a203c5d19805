import type { CatalogueRecordDto } from '@karya/domain';
import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';

/** The list layout of brands, categories and classes: image, name, description, dates; created by hidden. */
export const CATALOGUE_COLUMNS: readonly ColumnDef<CatalogueRecordDto>[] = [
  {
    key: 'image',
    label: 'Image',
    render: (r) => (
      <Avatar src={r.image?.url} alt="" size={32} radius="sm" color="gray">
        <IconPhoto size={16} aria-hidden />
      </Avatar>
    ),
    width: 70,
  },
  { key: 'name', label: 'Name', value: (r) => r.name, width: 220 },
  { key: 'description', label: 'Description', value: (r) => r.description },
  { key: 'createdAt', label: 'Created On', render: (r) => formatDate(r.createdAt), width: 120 },
  {
    key: 'updatedAt',
    label: 'Updated On',
    render: (r) => formatDate(r.updatedAt),
    width: 120,
    defaultHidden: true,
  },
  { key: 'createdBy', label: 'Created By', value: (r) => r.createdBy, defaultHidden: true },
  {
    key: 'deletedBy',
    label: 'Deleted By',
    // Spec 3 §2: deleted-by names link to the user (when the user may open users).
    render: (r) =>
      r.deletedBy ? <RecordLink to={`/admin/users/${r.deletedBy._id}`}>{r.deletedBy.name}</RecordLink> : null,
    defaultHidden: true,
  },
];
