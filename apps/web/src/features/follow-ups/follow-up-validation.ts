import { zodResolver } from '@hookform/resolvers/zod';
import { type FollowUpInput, followUpCreateSchema, followUpUpdateSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import { type FollowUpFormState, toSchemaInput } from './follow-up-form-values';

// The follow-up form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

const createResolver = zodResolver(followUpCreateSchema) as unknown as Resolver<FollowUpFormState>;
const updateResolver = zodResolver(followUpUpdateSchema) as unknown as Resolver<FollowUpFormState>;

/** The domain's schemas (their messages are spec 2 §5's), applied to what the form shows. */
export const createFollowUpResolver: Resolver<FollowUpFormState> = (values, context, options) =>
  createResolver(toSchemaInput(values) as unknown as FollowUpFormState, context, options);
export const updateFollowUpResolver: Resolver<FollowUpFormState> = (values, context, options) =>
  updateResolver(toSchemaInput(values) as unknown as FollowUpFormState, context, options);

/** The follow-up the form sends: the schema's output (cleared by type, reason and the next block). */
export const toFollowUpInput = (values: FollowUpFormState): FollowUpInput =>
  followUpCreateSchema.parse(toSchemaInput(values));
