import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Setup through the API that is not what a browser test is about: a margin, priced verified items and a
 * customer in Odisha (T1, 10 %), then a requirement or a quotation for them. Signed in as the page's user.
 */
export const quoteSetup = (page: Page, origin: string) => {
  const send = async <T = { _id: string }>(
    method: 'post' | 'patch',
    url: string,
    init: Record<string, unknown>,
  ) => {
    const res = await page.request[method](url, { ...init, headers: { origin } });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()).data as T;
  };
  const get = async <T>(url: string) => {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    return (await res.json()).data as T;
  };
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  /** Priced items (₹ price before the 10 % margin, 18 % GST) and a customer named `${customer} ${tag}`. */
  const catalogue = async (customer: string, prices: readonly [string, number][]) => {
    const margin = await send('post', '/api/crm/products/margins', {
      data: {
        name: `Margin ${tag}`,
        isActive: true,
        margins: { t1: 10, t2: 20, t3: 30, pt1: 5, pt2: 15, pt3: 25 },
      },
    });
    const items: { _id: string; name: string; price: number }[] = [];
    for (const [name, price] of prices) {
      const item = await send('post', '/api/crm/products/items', {
        multipart: {
          name: `${name} ${tag}`,
          state: 'Verified',
          gst: '18',
          margin: margin._id,
          hsnCode: '8528',
        },
      });
      const detail = await get<{ stock: { _id: string } }>(`/api/crm/products/items/${item._id}`);
      await send('patch', `/api/crm/products/stocks/${detail.stock._id}/update-price`, { data: { price } });
      items.push({ _id: item._id, name: `${name} ${tag}`, price });
    }
    const name = `${customer} ${tag}`;
    const c = await send('post', '/api/crm/customers', {
      data: { type: 'Organization', name, marginTier: 't1', address: { state: 'Odisha' } },
    });
    return { items, customer: { _id: c._id, name } };
  };

  type Catalogue = Awaited<ReturnType<typeof catalogue>>;
  const requirement = (c: Catalogue, quantities: number[]) =>
    send('post', '/api/crm/requirements', {
      data: {
        title: `Smart class for ${c.customer.name}`,
        customer: c.customer._id,
        type: 'Product',
        priority: 'High',
        budget: 500000,
        purchaseDate: day(15),
        items: c.items.map((i, n) => ({ item: i._id, quantity: quantities[n] ?? 1 })),
      },
    });
  /** A Draft quotation (no review needed: it may be approved or rejected at once). */
  const quotation = async (c: Catalogue, title: string) => {
    const r = await requirement(c, []);
    return send('post', '/api/crm/quotations', {
      data: {
        customer: c.customer._id,
        requirement: r._id,
        title: `${title} ${tag}`,
        validUntil: day(7),
        items: c.items.map((i) => ({
          item: i._id,
          quantity: 1,
          marginTier: 't1',
          gst: 18,
          unitPrice: Math.round(i.price * 110) / 100,
        })),
      },
    });
  };
  return { send, get, tag, catalogue, requirement, quotation };
};
