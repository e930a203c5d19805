import {
  CATALOGUE,
  type CatalogueKind,
  type CatalogueRecordDto,
  catalogueListSpec,
  type ListQuery,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { CrmProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { catalogueKeys, searchCatalogue, useCatalogueList } from './api';
import { CatalogueCard } from './catalogue-card';
import { CATALOGUE_COLUMNS } from './catalogue-columns';
import { useHashRecord } from './hash-record';

// Downloaded when first opened: the filter fields and the create/update dialog (react-hook-form, zod).
const CatalogueFilterFields = lazy(() =>
  import('./catalogue-filters').then((m) => ({ default: m.CatalogueFilterFields })),
);
const CatalogueFormModal = lazyPanel(() => import('./catalogue-form').then((m) => m.CatalogueFormModal));

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

const TEXT_FILTERS = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
] as const;

/** Local storage keys per kind (spec 3 §9: brandLimit; the layout remembered per list). */
export const catalogueStorage = (kind: CatalogueKind) => ({
  limit: `${kind}Limit`,
  filters: `${kind}Filters`,
  fields: `${kind}Fields`,
  layout: `${kind}Layout`,
});

const listHooks = {
  brand: (q: ListQuery) => useCatalogueList('brand', q),
  category: (q: ListQuery) => useCatalogueList('category', q),
  class: (q: ListQuery) => useCatalogueList('class', q),
};

/**
 * /crm/products/brands, /categories, /classes (spec 3 §2): grid or list (remembered), sort, filters
 * (#filter), pages with a page size; create and update in a dialog on the list (a record opens as
 * '#update-<id>'). Categories and classes keep earlier pages on screen past page 1 (Load more).
 */
const CatalogueListPage = ({ kind }: { kind: CatalogueKind }) => {
  const info = CATALOGUE[kind];
  const { can } = useCan();
  const update = useHashRecord('#update-');
  return (
    <>
      <CrmProductTabs />
      <RecordListPage<string, CatalogueRecordDto, { _id: string; name: string }>
        resource={info.resource}
        title={info.titlePlural}
        plural={info.listKey}
        pluralText={info.plural}
        spec={catalogueListSpec}
        useList={listHooks[kind]}
        storage={catalogueStorage(kind)}
        getId={(r) => r._id}
        getLabel={(r) => r.name}
        href={() => info.path}
        openRecord={update.open}
        card={(r) => <CatalogueCard record={r} />}
        table={{ columns: CATALOGUE_COLUMNS, minWidth: 640 }}
        sortOptions={SORT_OPTIONS}
        quickDates={{ filter: 'createdAt', label: 'Created' }}
        filters={{
          title: `Filter ${info.titlePlural}`,
          fields: ({ canSeeDeleted }) => (
            <CatalogueFilterFields
              texts={TEXT_FILTERS}
              plural={info.plural}
              canSearchUsers={can('user', 'suggestion')}
              canSeeDeleted={canSeeDeleted}
            />
          ),
        }}
        search={{
          title: `Search ${info.plural}`,
          placeholder: `Type a ${info.noun} name...`,
          queryKey: (name) => catalogueKeys[kind].suggestion('name', name),
          search: (name, signal) => searchCatalogue(kind, name, signal),
          toItem: (r) => ({ id: r._id, label: r.name }),
          emptyText: `No ${info.plural} found`,
        }}
        create={{
          label: `Create ${info.title}`,
          hash: `#create-${kind}`,
          modal: ({ opened, onClose }) => (
            <CatalogueFormModal kind={kind} opened={opened} onClose={onClose} />
          ),
        }}
        append={kind !== 'brand'}
        emptyText={info.emptyText}
      />
      <CatalogueFormModal
        kind={kind}
        opened={Boolean(update.id)}
        recordId={update.id}
        onClose={update.close}
      />
    </>
  );
};

export const BrandsListPage = () => <CatalogueListPage kind="brand" />;
export const CategoriesListPage = () => <CatalogueListPage kind="category" />;
export const ClassesListPage = () => <CatalogueListPage kind="class" />;
