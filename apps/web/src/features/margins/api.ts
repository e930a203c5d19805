import type { ListPage, MarginDto, MarginInput } from '@karya/domain';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { recordKeys } from '../../lib/query-keys';

export const marginKeys = recordKeys('margins');
export type MarginsPage = ListPage<'productMargins', MarginDto>;

const marginApi = recordApi<MarginsPage, MarginDto>({ base: '/crm/products/margins', keys: marginKeys });

export const useMarginsList = marginApi.useList;
export const useMargin = marginApi.useOne;

/** POST as JSON; PATCH with the whole margin (spec 3 §7), a cleared description as null. */
export const createMargin = (input: MarginInput, idempotencyKey?: string) =>
  marginApi.create(input, idempotencyKey);
export const updateMargin = (id: string, input: MarginInput, idempotencyKey?: string) =>
  marginApi.update(id, { ...input, description: input.description ?? null }, idempotencyKey);

/** GET …/suggestion?name&selectedId (one id, spec 3 §7). */
export const searchMargins = (name: string, signal?: AbortSignal) =>
  marginApi.suggest<{ _id: string; name: string }[]>({ name }, signal);

export const useMarginLifecycle = () =>
  useRecordLifecycle({
    noun: 'margin',
    queryRoot: marginKeys.all[0],
    api: marginApi.lifecycle,
  });
