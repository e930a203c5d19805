import type { UserDto } from '@karya/domain';
import { Text } from '@mantine/core';
import { useRef } from 'react';
import { openConfirmModal } from '../../lib/confirm-modal';
import { useUserMutations } from './api';

type Target = Pick<UserDto, '_id' | 'name'>;

/**
 * Confirmed lifecycle actions on a user (delete, restore, delete permanently). A second click on the same
 * action for the same user is ignored while the first call runs (spec 1 §8).
 */
export const useUserActions = () => {
  const mutations = useUserMutations();
  const running = useRef(new Set<string>());

  const once = async (key: string, call: () => Promise<unknown>, onDone?: () => void) => {
    if (running.current.has(key)) return;
    running.current.add(key);
    try {
      await call();
      onDone?.();
    } catch {
      // The toast has already shown the error.
    } finally {
      running.current.delete(key);
    }
  };

  const confirm = (opts: {
    title: string;
    body: string;
    confirm: string;
    color?: string;
    onConfirm: () => void;
  }) =>
    openConfirmModal({
      title: opts.title,
      centered: true,
      children: <Text size="sm">{opts.body}</Text>,
      labels: { confirm: opts.confirm, cancel: 'Cancel' },
      confirmProps: { color: opts.color ?? 'red' },
      onConfirm: opts.onConfirm,
    });

  return {
    remove: (user: Target, onDone?: () => void) =>
      confirm({
        title: 'Delete User',
        body: `Are you sure you want to delete ${user.name}? The user can be restored later.`,
        confirm: 'Delete',
        onConfirm: () => once(`delete:${user._id}`, () => mutations.remove(user._id), onDone),
      }),
    restore: (user: Target, onDone?: () => void) =>
      confirm({
        title: 'Restore User',
        body: `Are you sure you want to restore ${user.name}?`,
        confirm: 'Restore',
        color: 'green',
        onConfirm: () => once(`restore:${user._id}`, () => mutations.restore(user._id), onDone),
      }),
    removePermanently: (user: Target, onDone?: () => void) =>
      confirm({
        title: 'Delete User Permanently',
        body: `Are you sure you want to permanently delete ${user.name}? This action is irreversible and cannot be undone.`,
        confirm: 'Delete Permanently',
        onConfirm: () => once(`permanent:${user._id}`, () => mutations.removePermanently(user._id), onDone),
      }),
  };
};
