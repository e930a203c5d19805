import type { PurchaseDto, SaleDto } from '@karya/domain';
import { recordFormPages } from '../../components/form/update-page';
import type { DetailQueryState } from '../../components/record/detail-frame';
import { TradeForm } from './trade-form';
import type { TradeKind } from './trade-lines';

type Save = (
  body: unknown,
  idempotencyKey?: string,
) => Promise<{ message?: string; data?: { _id: string } | null }>;

/**
 * The Create and Update pages of purchases or sales (create / update on product-purchase or product-sale):
 * the one trade form, saving through the record type's API.
 */
export const tradeFormPages = <D extends PurchaseDto | SaleDto>(
  kind: TradeKind,
  listPath: string,
  api: {
    useOne: (id: string | undefined) => DetailQueryState<D>;
    create: Save;
    update: (id: string, body: unknown, idempotencyKey?: string) => ReturnType<Save>;
  },
  notFoundText: string,
) => {
  const pathOf = (id: string) => `${listPath}/${id}`;
  return recordFormPages<D>(
    { noun: kind, maw: 1100, listPath },
    { useRecord: api.useOne, notFoundText },
    (doc) => (
      <TradeForm
        key={doc?._id}
        kind={kind}
        mode={doc ? 'update' : 'create'}
        doc={doc}
        save={doc ? (body, key) => api.update(doc._id, body, key) : api.create}
        pathOf={pathOf}
      />
    ),
  );
};
