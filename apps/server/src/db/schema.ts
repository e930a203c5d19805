// Every table in one file (drizzle-kit generates the migrations from it). Over 400 lines: splitting it by
// area (platform, catalogue, CRM, stock) is issue 24's, done there for every module at once; issue 22 only
// added the invoice numbers' unique indexes.
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export type Address = { street?: string; city: string; state: string; country: string; zipCode?: string };
export type StoredImage = { url: string; fileId: string };
export type Point = { type: 'Point'; coordinates: [number, number] };
export type Device = { os: string; browser: string; device: string; model: string };

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    maritalStatus: text('marital_status').notNull(),
    employmentType: text('employment_type'),
    duration: integer('duration').notNull().default(0),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    bio: text('bio'),
    address: jsonb('address').$type<Address>(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('Active'),
    image: jsonb('image').$type<StoredImage>(),
    emergencyContact: jsonb('emergency_contact')
      .$type<{ name: string; relationship: string; phone: string }[]>()
      .notNull()
      .default([]),
    socialMedia: jsonb('social_media').$type<Record<string, string>>().notNull().default({}),
    notes: text('notes'),
    lastPasswordChanged: ts('last_password_changed'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    lastLogin: ts('last_login'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: ts('deleted_at'),
    deletedBy: text('deleted_by'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_email_live_uq').on(sql`lower(${t.email})`).where(sql`${t.isDeleted} = false`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_idx').on(t.name),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    permissions: jsonb('permissions')
      .$type<{ resource: string; actions: string[]; module: string }[]>()
      .notNull()
      .default([]),
    expiresAt: date('expires_at', { mode: 'string' }),
    isSystem: boolean('is_system').notNull().default(false),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('roles_name_uq').on(sql`lower(${t.name})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** The resource catalogue as stored (synced from packages/domain on every start). */
export const resources = pgTable('resources', {
  id: id(),
  name: text('name').notNull().unique(),
  module: text('module').notNull(),
  actions: jsonb('actions').$type<string[]>().notNull(),
  position: integer('position').notNull().default(0),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database row cannot be replayed as a cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    ipAddress: text('ip_address'),
    deviceInfo: jsonb('device_info').$type<Device>(),
    message: text('message').notNull(),
    location: jsonb('location').$type<Point>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_activities_user_created_idx').on(t.userId, t.createdAt)],
);

/** One-time codes for password reset and account verification; only a hash of the code is stored. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Every e-mail the app sends; without SMTP_URL this is the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  delivered: boolean('delivered').notNull().default(false),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const files = pgTable('files', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  ownerId: text('owner_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const schema = {
  users,
  roles,
  userRoles,
  resources,
  sessions,
  userActivities,
  otpCodes,
  mailOutbox,
  files,
};

/**
 * The columns of the shared record life (soft delete, who created and changed it). The server stamps them;
 * request bodies never reach them (see platform/records.ts).
 */
const lifecycle = () => ({
  isDeleted: boolean('is_deleted').notNull().default(false),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  ...stamps,
});

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    deadline: date('deadline', { mode: 'string' }),
    reason: text('reason'),
    /** Users the task is assigned to; a GIN index serves "assigned to me" and the assignedTo filter. */
    assignedTo: text('assigned_to').array().notNull().default(sql`'{}'::text[]`),
    assignedBy: text('assigned_by'),
    ...lifecycle(),
  },
  (t) => [
    index('tasks_live_created_idx').on(t.isDeleted, t.createdAt),
    index('tasks_assigned_to_idx').using('gin', t.assignedTo),
    index('tasks_created_by_idx').on(t.createdBy),
    index('tasks_status_idx').on(t.status),
    // The status chips with a date range and the date sort: counted from the index alone (index-only scan)
    // and paged in index order, without visiting the rows that do not match.
    index('tasks_live_status_date_idx')
      .on(t.status, t.date.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false`),
    index('tasks_date_idx').on(t.date),
    index('tasks_deadline_idx').on(t.deadline),
    index('tasks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // A title filter of one or two characters matches the start of the title (list-sql matchText).
    index('tasks_title_prefix_idx')
      .on(sql`lower(${t.title}) text_pattern_ops`)
      .where(sql`${t.isDeleted} = false`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    ...lifecycle(),
  },
  (t) => [
    index('teams_live_created_idx').on(t.isDeleted, t.createdAt),
    index('teams_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** The order the members were given in. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** IN for national holidays, OD for Odisha. */
    region: text('region').notNull(),
  },
  (t) => [uniqueIndex('holidays_date_name_uq').on(t.date, t.name)],
);

/**
 * One history for every record type (platform/history.ts). No foreign key to the records or the actor: a
 * permanent delete keeps its tombstone entry, and a user deleted for good still shows by the name kept.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: id(),
    /** The resource name of the permission catalogue: 'task', 'team', 'user'. */
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    bulk: boolean('bulk').notNull().default(false),
    at: ts('at').notNull(),
    byId: text('by_id'),
    byName: text('by_name'),
    device: jsonb('device').$type<Device>(),
    location: jsonb('location').$type<Point>(),
    title: text('title').notNull(),
    changes: jsonb('changes').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('record_history_record_at_idx').on(t.entity, t.recordId, t.at.desc(), t.id.desc())],
);

// ------------------------------------------------------------------------------------------ catalogue

/**
 * Brands, categories and classes (spec 3 §3) share one shape, each in its own table. The image is a file
 * of `files` (type checked by content), as a user's profile image. Text filters on the name: a trigram
 * index (3+ characters: contains) and a lower(name) text_pattern_ops index (1-2 characters: starts with).
 */
const catalogueTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      description: text('description'),
      image: jsonb('image').$type<StoredImage>(),
      ...lifecycle(),
    },
    (t) => [
      index(`${name}_live_created_idx`).on(t.isDeleted, t.createdAt),
      index(`${name}_name_trgm_idx`).using('gin', sql`${t.name} gin_trgm_ops`),
      index(`${name}_name_prefix_idx`).on(sql`lower(${t.name}) text_pattern_ops`),
    ],
  );

export const productBrands = catalogueTable('product_brands');
export const productCategories = catalogueTable('product_categories');
export const productClasses = catalogueTable('product_classes');

/** Tier percentages are numeric(5,2): exact, 0.00 to 100.00 (the schema refuses more decimals). */
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull();

export const productMargins = pgTable(
  'product_margins',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    t1: percent('t1'),
    t2: percent('t2'),
    t3: percent('t3'),
    pt1: percent('pt1'),
    pt2: percent('pt2'),
    pt3: percent('pt3'),
    isActive: boolean('is_active').notNull().default(true),
    ...lifecycle(),
  },
  (t) => [
    index('product_margins_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_margins_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export type VendorContactPersonRow = {
  name?: string | null;
  designation?: string | null;
  email?: string | null;
  phone?: string | null;
};

export const productVendors = pgTable(
  'product_vendors',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    /** GSTIN (issue 12), upper case, check character verified; its state code is the place of supply. */
    gstin: text('gstin'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    image: jsonb('image').$type<StoredImage>(),
    contactPerson: jsonb('contact_person').$type<VendorContactPersonRow>(),
    ...lifecycle(),
  },
  (t) => [
    index('product_vendors_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_vendors_live_name_idx').on(t.isDeleted, sql`lower(${t.name})`),
    index('product_vendors_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_vendors_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** A stored file an item keeps (an image or its specification): the `files` row, its URL, its name. */
export type ItemStoredFile = { fileId: string; url: string; name: string };

/** Items get their SKU from a sequence (spec 3 §3: sku is a number, shown and searched as one). */
export const productItemSkuSeq = pgSequence('product_item_sku_seq', { startWith: 1 });

const measure = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
const rupees = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * Items (spec 3 §3). Brand and margin are references (set null when the referenced row is deleted for
 * good); categories and classes are id arrays with GIN indexes (the filters ask "has any of"). Images (at
 * most 5) and the specification are files of `files`.
 */
export const productItems = pgTable(
  'product_items',
  {
    id: id(),
    sku: integer('sku').notNull().default(sql`nextval('product_item_sku_seq')`),
    name: text('name').notNull(),
    modalNo: text('modal_no'),
    description: text('description'),
    brandId: text('brand_id').references(() => productBrands.id, { onDelete: 'set null' }),
    categoryIds: text('category_ids').array().notNull().default(sql`'{}'::text[]`),
    classIds: text('class_ids').array().notNull().default(sql`'{}'::text[]`),
    marginId: text('margin_id').references(() => productMargins.id, { onDelete: 'set null' }),
    gst: integer('gst'),
    hsnCode: text('hsn_code'),
    shippingWeight: measure('shipping_weight'),
    shippingLength: measure('shipping_length'),
    shippingWidth: measure('shipping_width'),
    shippingHeight: measure('shipping_height'),
    state: text('state').notNull().default('Unverified'),
    targetPrice: rupees('target_price'),
    preferredBrand: text('preferred_brand'),
    images: jsonb('images').$type<ItemStoredFile[]>().notNull().default(sql`'[]'::jsonb`),
    specifications: jsonb('specifications').$type<ItemStoredFile>(),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('product_items_sku_idx').on(t.sku),
    index('product_items_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_items_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('product_items_live_name_idx').on(t.isDeleted, sql`lower(${t.name})`),
    // Verification and suggestion lists (state Unverified / Suggested), newest first.
    index('product_items_live_state_created_idx').on(t.isDeleted, t.state, t.createdAt),
    // A state list sorted by name (the verification screens, the benchmark's list): pages in index order,
    // and the count and deep pages read the index alone.
    index('product_items_live_state_name_idx').on(t.isDeleted, t.state, sql`lower(${t.name})`, t.id, t.name),
    index('product_items_brand_idx').on(t.brandId),
    index('product_items_margin_idx').on(t.marginId),
    index('product_items_categories_idx').using('gin', t.categoryIds),
    index('product_items_classes_idx').using('gin', t.classIds),
    index('product_items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_items_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('product_items_modal_no_trgm_idx').using('gin', sql`${t.modalNo} gin_trgm_ops`),
  ],
);

/**
 * One stock record per item, made with the item (spec 3 §3 "Stock"): current stock 0 and price to show 0
 * until purchases, sales and adjustments (a later issue) move them. Quantities are integers, prices rupees.
 */
export const productStocks = pgTable(
  'product_stocks',
  {
    id: id(),
    itemId: text('item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    totalPurchased: integer('total_purchased').notNull().default(0),
    totalSold: integer('total_sold').notNull().default(0),
    currentStock: integer('current_stock').notNull().default(0),
    lastPurchasedStock: integer('last_purchased_stock').notNull().default(0),
    lastSoldStock: integer('last_sold_stock').notNull().default(0),
    lastPurchasePrice: rupees('last_purchase_price').notNull().default(0),
    averagePurchasePrice: rupees('average_purchase_price').notNull().default(0),
    lastGst: integer('last_gst'),
    priceToShow: rupees('price_to_show').notNull().default(0),
    // The sums behind the average purchase price (purchases and priced Initial Stock): kept with the figures
    // so that every ledger write moves them by its own entries, whatever the item's history (decision 0011).
    pricedQuantity: integer('priced_quantity').notNull().default(0),
    pricedValue: numeric('priced_value', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    // How many active ledger entries it has: its history's count, read with the row rather than counted
    // over a fast mover's thousands of entries on every page.
    entryCount: integer('entry_count').notNull().default(0),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('product_stocks_item_idx').on(t.itemId),
    index('product_stocks_live_created_idx').on(t.isDeleted, t.createdAt),
    // The stock list (bench stocks-list): its sort by price to show, highest first with empties last, and
    // the current stock / average price ranges with their count, without a sequential scan.
    index('product_stocks_price_idx').on(sql`${t.priceToShow} desc nulls last`, sql`${t.id} desc`),
    index('product_stocks_stock_price_idx').on(t.currentStock, t.averagePurchasePrice),
    // The ledger's last guard (issue 12; decision 0011): stock never goes below zero.
    check('product_stocks_current_stock_nonnegative', sql`${t.currentStock} >= 0`),
  ],
);

/** Customers get their number from a sequence (spec 2 §3: customerId, shown as CI0001). */
export const customerIdSeq = pgSequence('customer_id_seq', { startWith: 1 });

/** A contact of a customer as stored (spec 2 §3; at most 3). Whether it is the default is computed. */
export type CustomerContactRow = {
  name: string;
  designation: string | null;
  email: string | null;
  phone: string | null;
};
/** A feedback as stored on its customer (spec 2 §3): the reviewer is the user who gave it. */
export type CustomerFeedbackRow = {
  id: string;
  reviewerId: string;
  rating: number;
  comment: string | null;
  date: string;
};

/**
 * Customers (spec 2 §3; decision 0006). What the list filters and sorts on are columns, each with its index:
 * the address parts, the organisation tree flattened (one institute shape serves the government and the
 * private branch), the additional information, and the contacts' names, e-mails and phones kept beside the
 * contacts as newline-joined text (written by the service with the contacts) so the contact filters have
 * trigram indexes. Assignees are user-id arrays with GIN indexes, like tasks.assigned_to.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    customerId: integer('customer_id').notNull().default(sql`nextval('customer_id_seq')`),
    type: text('type').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    street: text('street'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    /** GSTIN (issue 12); when present its state code, not the address state, is the place of supply. */
    gstin: text('gstin'),
    organizationType: text('organization_type'),
    governmentType: text('government_type'),
    privateType: text('private_type'),
    officeType: text('office_type'),
    instituteType: text('institute_type'),
    schoolBoard: text('school_board'),
    collegeType: text('college_type'),
    contacts: jsonb('contacts').$type<CustomerContactRow[]>().notNull().default(sql`'[]'::jsonb`),
    contactNames: text('contact_names'),
    contactEmails: text('contact_emails'),
    contactPhones: text('contact_phones'),
    establishmentYear: integer('establishment_year'),
    numberOfStudents: integer('number_of_students'),
    coursesOffered: text('courses_offered'),
    notes: text('notes'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    ratingCategory: text('rating_category'),
    marginTier: text('margin_tier'),
    verified: boolean('verified').notNull().default(false),
    assignedTo: text('assigned_to').array().notNull().default(sql`'{}'::text[]`),
    reAssignedTo: text('re_assigned_to').array().notNull().default(sql`'{}'::text[]`),
    feedbacks: jsonb('feedbacks').$type<CustomerFeedbackRow[]>().notNull().default(sql`'[]'::jsonb`),
    ...lifecycle(),
  },
  (t) => {
    /** A text filter's two indexes (ARCHITECTURE "Performance"): trigram for contains, prefix for 1-2 letters. */
    const textIndexes = (name: string, on: SQL) => [
      index(`customers_${name}_trgm_idx`).using('gin', sql`${on} gin_trgm_ops`),
      index(`customers_${name}_prefix_idx`).on(sql`lower(${on}) text_pattern_ops`),
    ];
    return [
      uniqueIndex('customers_customer_id_idx').on(t.customerId),
      index('customers_live_created_idx').on(t.isDeleted, t.createdAt),
      index('customers_live_updated_idx').on(t.isDeleted, t.updatedAt),
      // Sorted by name: the whole order (name, then id) and the students range are read in the index, so a
      // page walks it without a sort and fetches only rows in the range (the bench's customers-list).
      index('customers_live_name_idx').on(t.isDeleted, sql`lower(${t.name})`, t.id, t.numberOfStudents),
      index('customers_assigned_to_idx').using('gin', t.assignedTo),
      index('customers_re_assigned_to_idx').using('gin', t.reAssignedTo),
      index('customers_created_by_idx').on(t.createdBy),
      index('customers_deleted_by_idx').on(t.deletedBy),
      index('customers_type_idx').on(t.type),
      index('customers_organization_type_idx').on(t.organizationType),
      index('customers_government_type_idx').on(t.governmentType),
      index('customers_private_type_idx').on(t.privateType),
      index('customers_office_type_idx').on(t.officeType),
      index('customers_institute_type_idx').on(t.instituteType),
      index('customers_school_board_idx').on(t.schoolBoard),
      index('customers_college_type_idx').on(t.collegeType),
      index('customers_establishment_year_idx').on(t.establishmentYear),
      index('customers_number_of_students_idx').on(t.numberOfStudents),
      index('customers_rating_idx').on(t.rating),
      index('customers_rating_category_idx').on(t.ratingCategory),
      index('customers_margin_tier_idx').on(t.marginTier),
      index('customers_verified_idx').on(t.verified),
      ...textIndexes('name', sql`${t.name}`),
      ...textIndexes('email', sql`${t.email}`),
      ...textIndexes('phone', sql`${t.phone}`),
      ...textIndexes('website', sql`${t.website}`),
      ...textIndexes('address', customerAddressText(t)),
      ...textIndexes('courses_offered', sql`${t.coursesOffered}`),
      ...textIndexes('notes', sql`${t.notes}`),
      ...textIndexes('contact_names', sql`${t.contactNames}`),
      ...textIndexes('contact_emails', sql`${t.contactEmails}`),
      ...textIndexes('contact_phones', sql`${t.contactPhones}`),
    ];
  },
);

/**
 * The whole address as one text (the Address filter matches any part): the same expression in the index
 * and in the list's WHERE, so the index serves it. `||` and coalesce are immutable (concat_ws is not).
 */
export function customerAddressText(t: {
  street: AnyPgColumn;
  city: AnyPgColumn;
  district: AnyPgColumn;
  state: AnyPgColumn;
  country: AnyPgColumn;
  zipCode: AnyPgColumn;
}): SQL {
  return sql`(coalesce(${t.street}, '') || ' ' || coalesce(${t.city}, '') || ' ' || coalesce(${t.district}, '') || ' ' || coalesce(${t.state}, '') || ' ' || coalesce(${t.country}, '') || ' ' || coalesce(${t.zipCode}, ''))`;
}

/**
 * Who was assigned (or re-assigned) to a customer, by whom, from when until when (spec 2 §3
 * assignmentHistory). The server writes it on every change of assignedTo / reAssignedTo: a row per added
 * user, and `unassigned_at` on the open row of each removed one. It goes with its customer.
 */
export const customerAssignments = pgTable(
  'customer_assignments',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** 'assigned' (assignedTo) or 're-assigned' (reAssignedTo). */
    kind: text('kind').notNull(),
    assignedBy: text('assigned_by'),
    assignedAt: ts('assigned_at').notNull(),
    unassignedAt: ts('unassigned_at'),
    unassignedBy: text('unassigned_by'),
  },
  (t) => [
    index('customer_assignments_customer_idx').on(t.customerId, t.assignedAt.desc()),
    index('customer_assignments_open_user_idx').on(t.userId).where(sql`${t.unassignedAt} is null`),
  ],
);

/** Index columns for ORDER BY date DESC, created_at DESC, id DESC (PostgreSQL's default: nulls first). */
function newestFirst(t: { date: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn }): SQL[] {
  return [sql`${t.date} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`];
}

/** Requirements get their number from a sequence (spec 2 §3: requirementId, shown as RI0001). */
export const requirementIdSeq = pgSequence('requirement_id_seq', { startWith: 1 });

/** An item line of a requirement as stored (spec 2 §3 items [{item, note, quantity}]). */
export type RequirementItemRow = { itemId: string; quantity: number; note: string | null };

/**
 * Requirements (spec 2 §3). The customer is fixed once created (spec 2 §5). Item lines are JSON with the
 * item ids also kept as an array (written by the service with the lines) for the items filter's GIN index.
 * `quotation_id` stays null until quotations exist (spec 3); a requirement goes with its customer.
 */
export const requirements = pgTable(
  'requirements',
  {
    id: id(),
    requirementId: integer('requirement_id').notNull().default(sql`nextval('requirement_id_seq')`),
    title: text('title').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull(),
    items: jsonb('items').$type<RequirementItemRow[]>().notNull().default(sql`'[]'::jsonb`),
    itemIds: text('item_ids').array().notNull().default(sql`'{}'::text[]`),
    budget: rupees('budget'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    quotationId: text('quotation_id'),
    notes: text('notes'),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('requirements_requirement_id_idx').on(t.requirementId),
    index('requirements_live_created_idx').on(t.isDeleted, t.createdAt),
    index('requirements_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('requirements_live_title_idx').on(t.isDeleted, sql`lower(${t.title})`, t.id),
    index('requirements_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('requirements_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('requirements_customer_idx').on(t.customerId, t.createdAt),
    index('requirements_item_ids_idx').using('gin', t.itemIds),
    index('requirements_created_by_idx').on(t.createdBy),
    index('requirements_deleted_by_idx').on(t.deletedBy),
    index('requirements_status_idx').on(t.status),
    // The CRM dashboard's counts by status and week (decision 0010): no sequential scan of requirements.
    index('requirements_live_status_created_idx').on(t.isDeleted, t.status, t.createdAt),
    index('requirements_priority_idx').on(t.priority),
    index('requirements_type_idx').on(t.type),
    index('requirements_purchase_date_idx').on(t.purchaseDate),
    index('requirements_budget_idx').on(t.budget),
  ],
);

/** Follow-ups get their number from a sequence (spec 2 §3: followUpId, shown as FI0001). */
export const followUpIdSeq = pgSequence('follow_up_id_seq', { startWith: 1 });

/** The next follow-up block as stored (spec 2 §3 nextFollowUp). */
export type NextFollowUpRow = {
  nextRequired: boolean;
  type: string | null;
  date: string | null;
  time: string | null;
  visitors: string[];
  followUpBy: string | null;
};

/**
 * Follow-ups (spec 2 §3). Date and time are the local (Asia/Kolkata) day and HH:mm as the form sends them;
 * the list's date chips, the sort and the morning reminder read (is_deleted, date, time). Visitors are a
 * user-id array with a GIN index (visits); followUpBy is the one user of a call or mail. The reason's
 * record: a requirement now (set null if it is deleted for good); quotation and project ids join when
 * those exist. A follow-up goes with its customer.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    followUpId: integer('follow_up_id').notNull().default(sql`nextval('follow_up_id_seq')`),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    requirementId: text('requirement_id').references(() => requirements.id, { onDelete: 'set null' }),
    quotationId: text('quotation_id'),
    projectId: text('project_id'),
    otherReason: text('other_reason'),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    visitors: text('visitors').array().notNull().default(sql`'{}'::text[]`),
    followUpBy: text('follow_up_by'),
    status: text('status').notNull(),
    response: text('response'),
    remarks: text('remarks'),
    nextFollowUp: jsonb('next_follow_up').$type<NextFollowUpRow | null>(),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('follow_ups_follow_up_id_idx').on(t.followUpId),
    index('follow_ups_live_date_idx').on(t.isDeleted, t.date, t.time, t.id),
    index('follow_ups_live_created_idx').on(t.isDeleted, t.createdAt),
    index('follow_ups_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('follow_ups_customer_idx').on(t.customerId, t.date),
    index('follow_ups_requirement_idx').on(t.requirementId),
    index('follow_ups_visitors_idx').using('gin', t.visitors),
    index('follow_ups_follow_up_by_idx').on(t.followUpBy, t.date),
    index('follow_ups_created_by_idx').on(t.createdBy),
    index('follow_ups_deleted_by_idx').on(t.deletedBy),
    index('follow_ups_status_idx').on(t.status),
    // The queue counts (overdue, due today, upcoming) and the per-day chart read it alone (decision 0010).
    index('follow_ups_live_status_date_idx').on(t.isDeleted, t.status, t.date, t.time),
    index('follow_ups_type_idx').on(t.type),
    index('follow_ups_reason_idx').on(t.reason),
  ],
);

/**
 * Answers to POSTs sent with an `Idempotency-Key` (a follow-up logged offline and replayed when the
 * connection returns): the first answer is kept, a replay with the same key by the same user gets it again
 * and changes nothing (platform/idempotency.ts). Kept for a week.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Scheduled jobs that must run once per period across every server process (the morning follow-up
 * e-mail): a row per job and period, inserted by the process that runs it, so a second process or a
 * restart finds it taken (platform/jobs.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    detail: jsonb('detail'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

// ---------------------------------------------------------------------------------------- stock ledger

/**
 * Purchases from vendors (spec 3 §3 "Purchase"; issue 12, decision 0011). The lines are the document's
 * entries in `stock_entries` (one source of truth); the totals and the GST split are computed by the
 * server from them and stored here for lists and filters. `supply_state` is the vendor's state when known
 * (CGST + SGST within the company's state, IGST otherwise). A vendor deleted for good leaves its purchases
 * without a vendor.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    vendorId: text('vendor_id').references(() => productVendors.id, { onDelete: 'set null' }),
    invoiceNo: text('invoice_no').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    taxableAmount: rupees('taxable_amount').notNull().default(0),
    totalGstAmount: rupees('total_gst_amount').notNull().default(0),
    totalAmount: rupees('total_amount').notNull().default(0),
    cgst: rupees('cgst').notNull().default(0),
    sgst: rupees('sgst').notNull().default(0),
    igst: rupees('igst').notNull().default(0),
    supplyState: text('supply_state'),
    ...lifecycle(),
  },
  (t) => [
    index('purchases_live_created_idx').on(t.isDeleted, t.createdAt),
    index('purchases_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('purchases_live_invoice_date_idx').on(t.isDeleted, t.invoiceDate),
    index('purchases_vendor_idx').on(t.vendorId),
    index('purchases_invoice_no_trgm_idx').using('gin', sql`${t.invoiceNo} gin_trgm_ops`),
    index('purchases_invoice_no_prefix_idx').on(sql`lower(${t.invoiceNo}) text_pattern_ops`),
    // One active purchase per vendor and invoice number, trimmed and in any case (invoice-numbers.ts).
    uniqueIndex('purchases_live_vendor_invoice_no_uq')
      .on(t.vendorId, sql`lower(btrim(${t.invoiceNo}))`)
      .where(sql`${t.isDeleted} = false`),
    index('purchases_total_amount_idx').on(t.totalAmount),
    index('purchases_created_by_idx').on(t.createdBy),
    index('purchases_deleted_by_idx').on(t.deletedBy),
  ],
);

/**
 * Sales to customers (spec 3 §3 "Sale"): as purchases, with the customer and the place of supply (the
 * customer's state when the sale was written). A customer deleted for good leaves its sales without one.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    invoiceNo: text('invoice_no').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    taxableAmount: rupees('taxable_amount').notNull().default(0),
    totalGstAmount: rupees('total_gst_amount').notNull().default(0),
    totalAmount: rupees('total_amount').notNull().default(0),
    cgst: rupees('cgst').notNull().default(0),
    sgst: rupees('sgst').notNull().default(0),
    igst: rupees('igst').notNull().default(0),
    supplyState: text('supply_state'),
    ...lifecycle(),
  },
  (t) => [
    index('sales_live_created_idx').on(t.isDeleted, t.createdAt),
    index('sales_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('sales_live_invoice_date_idx').on(t.isDeleted, t.invoiceDate),
    index('sales_customer_idx').on(t.customerId),
    index('sales_invoice_no_trgm_idx').using('gin', sql`${t.invoiceNo} gin_trgm_ops`),
    index('sales_invoice_no_prefix_idx').on(sql`lower(${t.invoiceNo}) text_pattern_ops`),
    // One active sale per invoice number, trimmed and in any case (invoice-numbers.ts).
    uniqueIndex('sales_live_invoice_no_uq')
      .on(sql`lower(btrim(${t.invoiceNo}))`)
      .where(sql`${t.isDeleted} = false`),
    index('sales_total_amount_idx').on(t.totalAmount),
    index('sales_total_gst_amount_idx').on(t.totalGstAmount),
    index('sales_created_by_idx').on(t.createdBy),
    index('sales_deleted_by_idx').on(t.deletedBy),
  ],
);

/**
 * The stock ledger (issue 12; decision 0011): every purchase line, sale line and adjustment is one entry;
 * a stock row's figures are an aggregate of its active entries, recomputed in the transaction that changes
 * them. A purchase or sale line is the entry itself (`document_id`, `line_no`); `active` is false while its
 * document is soft-deleted. `direction` is +1 (purchase, Found, Initial Stock) or -1 (sale, Damaged,
 * Expired, Stolen, Missing). Amounts are rupees computed in paise by the domain (lineAmounts).
 */
export const stockEntries = pgTable(
  'stock_entries',
  {
    id: id(),
    stockId: text('stock_id')
      .notNull()
      .references(() => productStocks.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    kind: text('kind').notNull(),
    documentId: text('document_id'),
    lineNo: integer('line_no').notNull().default(0),
    adjustmentType: text('adjustment_type'),
    reason: text('reason'),
    quantity: integer('quantity').notNull(),
    direction: integer('direction').notNull(),
    unitPrice: rupees('unit_price').notNull().default(0),
    gstPercent: integer('gst_percent'),
    taxableAmount: rupees('taxable_amount').notNull().default(0),
    gstAmount: rupees('gst_amount').notNull().default(0),
    totalAmount: rupees('total_amount').notNull().default(0),
    marginTier: text('margin_tier'),
    date: date('date', { mode: 'string' }).notNull(),
    invoiceNo: text('invoice_no'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    // A stock's history page, newest first, in index order (the id settles ties).
    // (Written as SQL: drizzle's .desc() adds NULLS LAST, which an ORDER BY … DESC (nulls first) cannot use.)
    index('stock_entries_stock_idx').on(t.stockId, t.active, ...newestFirst(t)),
    // The latest active purchase and sale of a stock: LIMIT 1 instead of a sort.
    index('stock_entries_latest_idx')
      .on(t.stockId, t.kind, ...newestFirst(t))
      .where(sql`${t.active}`),
    index('stock_entries_document_idx').on(t.documentId),
    check('stock_entries_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_entries_direction', sql`${t.direction} in (1, -1)`),
    check('stock_entries_kind', sql`${t.kind} in ('purchase', 'sale', 'adjustment')`),
  ],
);
