// Convert to Quotation's prefill (spec 2 §2, §4; spec 3 §5; issue 25 "Creating and editing"): the
// requirement and its customer are fetched, and each item of the requirement with what its price needs;
// what stops an item from being quoted is said, one warning per line, and the item is left out.
import {
  type CustomerDto,
  formatRequirementId,
  gstStateCode,
  itemWarning,
  type LineMarginTier,
  QUOTATION_MESSAGES as M,
  type MarginTier,
  placeOfSupplyCode,
  type QuotationFromRequirementState,
  quotationItemWarning,
  type RequirementDto,
} from '@karya/domain';
import type { RefNames } from '../../components/record/ref-pickers';
import { api, isApiError } from '../../lib/api';
import { fetchItem, pricingOf } from './form-sources';
import { type QuotationLineState, rupeesText, startingTier, tierUnitPaise } from './line-pricing';

/** The navigation state Convert to Quotation carries, or null when it is not that. */
export const carriedRequirement = (state: unknown): QuotationFromRequirementState | null => {
  const s = state as Partial<QuotationFromRequirementState> | null;
  return s && typeof s.requirementId === 'string' && s.requirementId
    ? {
        requirementId: s.requirementId,
        customerId: typeof s.customerId === 'string' ? s.customerId : '',
        requirementTitle: typeof s.requirementTitle === 'string' ? s.requirementTitle : '',
      }
    : null;
};

/** Whether a party's place of supply is another state than the company's (as the sales decide it). */
export const isInterState = (
  party: { gstin?: string | null; state?: string | null } | null | undefined,
  companyState: string | null | undefined,
) => {
  if (!party) return false;
  const code = placeOfSupplyCode(party);
  const company = gstStateCode(companyState);
  return code !== null && company !== null && code !== company;
};

export type QuotationPrefill = {
  customer: string;
  requirement: string;
  title: string;
  items: QuotationLineState[];
  names: RefNames;
  /** The customer's margin tier (the tier new lines start with). */
  marginTier: MarginTier | null;
  /** The customer's GSTIN and state, when the customer could be read. */
  party: { gstin: string | null; state: string | null } | null;
  warnings: string[];
};

const notFound = (e: unknown) => isApiError(e) && e.status === 404;

/**
 * Fetches what Convert to Quotation needs and says what is missing: 'Customer not found', 'Please add margin
 * tier to customer first.', 'Item not found', 'Item margin not found', and each item's missing margin,
 * price or GST (spec 2 §4).
 */
export const loadQuotationPrefill = async (
  from: QuotationFromRequirementState,
  may: { readItem: boolean; readMargins: boolean; readCustomer: boolean },
  tiers: readonly LineMarginTier[],
): Promise<QuotationPrefill> => {
  const warnings: string[] = [];
  const say = (w: string) => {
    if (!warnings.includes(w)) warnings.push(w);
  };
  let requirement: RequirementDto | null = null;
  try {
    requirement = (
      await api.get<RequirementDto>(`/crm/requirements/${encodeURIComponent(from.requirementId)}`)
    ).data;
  } catch (e) {
    // Anything but 'not found' (a dropped connection) is the page's to retry.
    if (!notFound(e)) throw e;
    say(M.requirementNotFound);
  }
  const customerId = requirement?.customer?._id ?? from.customerId;
  let customer: CustomerDto | null = null;
  if (!customerId || requirement?.customer?.isDeleted) say(M.customerNotFound);
  else if (may.readCustomer) {
    try {
      customer = (await api.get<CustomerDto>(`/crm/customers/${encodeURIComponent(customerId)}`)).data;
    } catch (e) {
      if (!notFound(e)) throw e;
      say(M.customerNotFound);
    }
  }
  const marginTier = customer ? customer.marginTier : (requirement?.customer?.marginTier ?? null);
  if (customerId && !marginTier && (customer || requirement?.customer)) say(M.marginTierMissing);

  const names: RefNames = {};
  if (customerId) names[customerId] = customer?.name ?? requirement?.customer?.name ?? '';
  if (requirement)
    names[requirement._id] = `${formatRequirementId(requirement.requirementId)} · ${requirement.title}`;
  const tier = startingTier(tiers, marginTier);
  const items: QuotationLineState[] = [];
  for (const line of requirement?.items ?? []) {
    const ref = line.item;
    if (!ref || ref.isDeleted) {
      say(M.itemNotFound);
      continue;
    }
    const problems = [
      ...(ref.state !== 'Verified' ? [quotationItemWarning.notVerified(ref.name)] : []),
      ...(ref.margin ? [] : [itemWarning.margin(ref.name)]),
      ...(ref.hasPrice ? [] : [itemWarning.price(ref.name)]),
      ...(ref.gst === null ? [itemWarning.gst(ref.name)] : []),
    ];
    if (problems.length) {
      for (const p of problems) say(p);
      continue;
    }
    let item: Awaited<ReturnType<typeof fetchItem>> | null = null;
    if (may.readItem)
      try {
        item = await fetchItem(ref._id);
      } catch (e) {
        if (!notFound(e)) throw e;
        say(M.itemNotFound);
        continue;
      }
    let pricing: QuotationLineState['pricing'];
    try {
      pricing = await pricingOf(item ?? { stock: null, margin: ref.margin, prices: {} }, may.readMargins);
    } catch (e) {
      if (!notFound(e)) throw e;
      // The item's margin is gone since the requirement was read.
      say(M.itemMarginNotFound);
      continue;
    }
    const unit = tierUnitPaise(pricing, tier);
    names[ref._id] = ref.name;
    items.push({
      item: ref._id,
      name: ref.name,
      quantity: String(line.quantity),
      marginTier: tier,
      unitPrice: unit === null ? '' : rupeesText(unit),
      gst: ref.gst,
      pricing,
    });
  }
  return {
    customer: customerId,
    requirement: requirement?._id ?? from.requirementId,
    title: requirement?.title ?? from.requirementTitle,
    items,
    names,
    marginTier,
    party: customer ? { gstin: customer.gstin, state: customer.address.state } : null,
    warnings,
  };
};
