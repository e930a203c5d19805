// What the brand, category and class list pages and their cards need at first paint, kept free of zod:
// the entity module (catalogue.ts) builds its schemas at module level, which a bundler must keep once
// anything of that module is imported.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps } from '../common/records.ts';

/**
 * Brands, categories and classes (spec 3 §3) share one shape: name, description, image. Each is its own
 * resource, table, route set and list; only the words differ.
 */
export const CATALOGUE_KINDS = ['brand', 'category', 'class'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export type CatalogueKindInfo = {
  /** Lower-case nouns as messages use them: 'brand' / 'brands'. */
  noun: string;
  plural: string;
  /** Screen words: 'Brand' / 'Brands'. */
  title: string;
  titlePlural: string;
  /** The permission resource (spec 3 §6). */
  resource: 'product-brand' | 'product-category' | 'product-class';
  /** The list answer's key (spec 3 §3): data.productBrands, data.productBrandsCount. */
  listKey: 'productBrands' | 'productCategories' | 'productClasses';
  /** The API collection and the web path (the same, spec 3 §2 and §7). */
  path: string;
  /** Spec 3 §5 and §8. */
  nameRequired: string;
  emptyText: string;
  notFound: string;
};

export const CATALOGUE: Record<CatalogueKind, CatalogueKindInfo> = {
  brand: {
    noun: 'brand',
    plural: 'brands',
    title: 'Brand',
    titlePlural: 'Brands',
    resource: 'product-brand',
    listKey: 'productBrands',
    path: '/crm/products/brands',
    nameRequired: 'Brand name is required',
    emptyText: 'No Brands Available',
    notFound: 'Brand not found',
  },
  category: {
    noun: 'category',
    plural: 'categories',
    title: 'Category',
    titlePlural: 'Categories',
    resource: 'product-category',
    listKey: 'productCategories',
    path: '/crm/products/categories',
    nameRequired: 'Category name is required',
    emptyText: 'No Categories Available',
    notFound: 'Category not found',
  },
  class: {
    noun: 'class',
    plural: 'classes',
    title: 'Class',
    titlePlural: 'Classes',
    resource: 'product-class',
    listKey: 'productClasses',
    path: '/crm/products/classes',
    nameRequired: 'Class name is required',
    emptyText: 'No Classes Available',
    notFound: 'Class not found',
  },
};

/** Images of brands, categories, classes and vendors (spec 3 §9): 5 MB, JPEG or PNG by content. */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CATALOGUE_IMAGE_TOO_LARGE = 'File size must be less than 5MB';
export const CATALOGUE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const CATALOGUE_IMAGE_WRONG_TYPE = 'Only JPG, JPEG or PNG images are allowed.';

export const CATALOGUE_NAME_MAX = 200;
export const CATALOGUE_DESCRIPTION_MAX = 2000;
/** Spec 3 §8. */
export const NO_DESCRIPTION = 'No description available';

export const catalogueListSpec = defineList({
  filters: { name: 'text', description: 'text', ...LIFECYCLE_FILTERS },
  sortFields: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export type CatalogueImage = { url: string } | null;

/** A brand, category or class as the API answers it. */
export type CatalogueRecordDto = RecordStamps & {
  _id: string;
  name: string;
  description: string | null;
  image: CatalogueImage;
};
