import type { ItemDto } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { gstLabel, ItemStateBadge, ItemThumb } from './item-display';

/**
 * The list layout of items (spec 3 §2): image, SKU, name, model no, brand and GST shown; categories,
 * classes, state and the dates hidden until chosen in the column dialog.
 */
export const ITEM_COLUMNS: readonly ColumnDef<ItemDto>[] = [
  { key: 'image', label: 'Image', render: (i) => <ItemThumb item={i} size={32} />, width: 70 },
  { key: 'sku', label: 'SKU', value: (i) => i.sku, width: 80 },
  { key: 'name', label: 'Name', value: (i) => i.name, width: 220 },
  { key: 'modalNo', label: 'Model No', value: (i) => i.modalNo, width: 140 },
  { key: 'brand', label: 'Brand', value: (i) => i.brand, width: 140 },
  { key: 'gst', label: 'GST', value: (i) => gstLabel(i.gst, i.gstZeroKind), width: 70 },
  { key: 'categories', label: 'Categories', value: (i) => i.categories, defaultHidden: true },
  { key: 'classes', label: 'Classes', value: (i) => i.classes, defaultHidden: true },
  {
    key: 'state',
    label: 'State',
    render: (i) => <ItemStateBadge state={i.state} size="sm" />,
    width: 120,
    defaultHidden: true,
  },
  {
    key: 'createdAt',
    label: 'Created On',
    render: (i) => formatDate(i.createdAt),
    width: 120,
    defaultHidden: true,
  },
  {
    key: 'updatedAt',
    label: 'Updated On',
    render: (i) => formatDate(i.updatedAt),
    width: 120,
    defaultHidden: true,
  },
];

/** Wide enough for the six default columns before the table scrolls sideways. */
export const ITEM_TABLE_MIN_WIDTH = 720;
