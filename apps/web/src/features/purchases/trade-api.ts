import type { ListPage, TradeDocumentDto } from '@karya/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { recordKeys } from '../../lib/query-keys';

/**
 * A purchase or sale moves stock (decision 0011): every change refreshes the documents, the stocks and
 * the items (their stock figures come from the ledger).
 */
export const STOCK_MOVING_ROOTS = ['purchases', 'sales', 'stocks', 'items'] as const;
export const stockMovingKeys: readonly QueryKey[] = STOCK_MOVING_ROOTS.map((r) => [r]);

/** The calls of one document type (purchases or sales), the same shape under /crm/products/{plural}. */
export const tradeApi = <K extends string, D extends TradeDocumentDto>(
  root: 'purchases' | 'sales',
  _listKey: K,
  noun: 'purchase' | 'sale',
) => {
  const keys = recordKeys(root);
  const calls = recordApi<ListPage<K, D>, D>({ base: `/crm/products/${root}`, keys });
  const PAGE = `/admin/products/${root}`;
  return {
    keys,
    PAGE,
    useList: calls.useList,
    useOne: calls.useOne,
    create: calls.create,
    update: calls.update,
    useLifecycle: () =>
      useRecordLifecycle({
        noun,
        queryRoot: root,
        alsoInvalidate: stockMovingKeys.filter((k) => k[0] !== root),
        api: calls.lifecycle,
      }),
  };
};
