/**
 * The record toolkit: what every soft-deleted record type shares, written once. It is a set of explicit
 * functions a module calls from its own service — not a generator: each module still owns its table, its
 * DTO and its rules, and reads top to bottom. This file only gathers its three parts (a service's whole
 * lifecycle tail, made from a declaration, is lifecycle-service.ts's recordLifecycle):
 *
 *   record-list.ts       parseList, runList, lifecycleRules, withLifecycleDefaults, listPage, suggest
 *   record-lifecycle.ts  createStamps / updateStamps; findRecord; softDelete / restore / deletePermanently
 *                        and bulkLifecycle, each writing its history entries (history.ts) in its transaction
 *   user-refs.ts         userRefs (ids → {_id, name, email, image}), stampsDto, missingLiveUsers
 */

export * from './record-lifecycle.ts';
export * from './record-list.ts';
export * from './user-refs.ts';
