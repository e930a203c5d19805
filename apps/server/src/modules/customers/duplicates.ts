import type { CustomerDuplicateCheck, CustomerDuplicateReason, CustomerDuplicates } from '@karya/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { customerScope } from './customer-scope.ts';

/** Names at least this similar (pg_trgm, 0 … 1) are likely the same customer in the same city or district. */
export const NAME_SIMILAR_IN_PLACE = 0.5;
/** Without a city or district to compare, a name must be this similar. */
export const NAME_SIMILAR_ANYWHERE = 0.85;
const MATCHES_PER_CUSTOMER = 5;

type Row = {
  i: number;
  id: string;
  customer_id: number;
  name: string;
  city: string | null;
  district: string | null;
  by_name: boolean;
  by_phone: boolean;
  by_email: boolean;
  visible: boolean;
};

/**
 * The duplicate guard (issue 11): for each customer about to be created, the live customers it likely
 * repeats — a similar name in the same city or district (or a near-identical name anywhere), the same phone,
 * the same e-mail. One statement for the whole list: each candidate looks up its matches through the
 * indexes (the name's trigram index with the similarity threshold raised for the transaction, so it
 * returns few rows; lower(phone) and lower(email) btrees), never a scan. Whatever the caller's scope, like
 * the check-existence page (decision 0006), but only the number, name and place, and `visible` says whether
 * they may open it.
 */
export const findDuplicates = async (
  db: Db,
  principal: Principal,
  input: CustomerDuplicateCheck,
): Promise<CustomerDuplicates> => {
  const candidates = input.customers.map((c, i) => ({
    i,
    name: c.name,
    city: c.city.toLowerCase(),
    district: c.district.toLowerCase(),
    phone: c.phone.replace(/\s+/g, '').toLowerCase(),
    email: c.email.toLowerCase(),
  }));
  const scope = customerScope(principal);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local pg_trgm.similarity_threshold = ${sql.raw(String(NAME_SIMILAR_IN_PLACE))}`);
    const result = await tx.execute(sql`
      select x.i, m.*
        from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb)
             as x(i int, name text, city text, district text, phone text, email text)
        cross join lateral (
          select customers.id, customers.customer_id, customers.name, customers.city, customers.district,
                 (x.name <> '' and customers.name % x.name and (similarity(customers.name, x.name) >= ${NAME_SIMILAR_ANYWHERE}
                   or (x.city <> '' and lower(customers.city) = x.city)
                   or (x.district <> '' and lower(customers.district) = x.district))) as by_name,
                 (x.phone <> '' and lower(customers.phone) = x.phone) as by_phone,
                 (x.email <> '' and lower(customers.email) = x.email) as by_email,
                 ${scope ? sql`coalesce((${scope}), false)` : sql`true`} as visible
            from customers
           where not customers.is_deleted
             ${input.excludeId ? sql`and customers.id <> ${input.excludeId}` : sql``}
             and ((x.name <> '' and customers.name % x.name)
               or (x.phone <> '' and lower(customers.phone) = x.phone)
               or (x.email <> '' and lower(customers.email) = x.email))
           order by similarity(customers.name, x.name) desc, customers.customer_id
           limit 50
        ) m
       where m.by_name or m.by_phone or m.by_email
       order by x.i`);
    return (result as unknown as { rows: Row[] }).rows;
  });
  const out = new Map<number, CustomerDuplicates[number]>();
  for (const r of rows) {
    const entry = out.get(r.i) ?? { index: r.i, matches: [] };
    out.set(r.i, entry);
    if (entry.matches.length >= MATCHES_PER_CUSTOMER) continue;
    const reasons: CustomerDuplicateReason[] = [];
    if (r.by_name) reasons.push('name');
    if (r.by_phone) reasons.push('phone');
    if (r.by_email) reasons.push('email');
    entry.matches.push({
      _id: r.id,
      customerId: r.customer_id,
      name: r.name,
      city: r.city,
      district: r.district,
      reasons,
      visible: r.visible,
    });
  }
  return [...out.values()];
};
