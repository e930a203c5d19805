import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { useDetailActions } from './detail-actions';
import { DetailFrame } from './detail-frame';

type Widget = typeof recordStamps & { _id: string; name: string };
const ID = 'w'.repeat(24);
const widget = (isDeleted = false): Widget => ({ ...recordStamps, _id: ID, name: 'Anchor bolt', isDeleted });

let permissions: string[] = [];
stubNetwork(() => meWith({ widget: permissions }));

type Lifecycle = Parameters<typeof useDetailActions>[0]['lifecycle'];

const Page = ({
  record,
  lifecycle,
  labelled,
}: {
  record: Widget;
  lifecycle: Lifecycle;
  labelled: boolean;
}) => {
  const actions = useDetailActions({ resource: 'widget', id: ID, lifecycle, listPath: '/stock/widgets' });
  return (
    <DetailFrame<Widget>
      title="Widget Details"
      noun="widget"
      query={{ isPending: false, isError: false, data: record }}
      notFoundText="Widget not found"
      {...actions}
      {...(labelled
        ? {
            updateTo: 'update',
            labels: {
              update: 'Update Widget',
              delete: 'Delete Widget',
              deletePermanently: 'Permanently Delete',
            },
          }
        : { onUpdate: () => undefined })}
    >
      {(w) => <p>{w.name}</p>}
    </DetailFrame>
  );
};

const show = (
  record: Widget,
  actions: string[],
  { labelled = false, running = false }: { labelled?: boolean; running?: boolean } = {},
) => {
  permissions = actions;
  const lifecycle = {
    remove: vi.fn(async () => true),
    restore: vi.fn(async () => true),
    removePermanently: vi.fn(async () => true),
    running,
  };
  render(
    <Wrap
      path={`/stock/widgets/${ID}`}
      signedIn
      routes={[{ path: '/stock/widgets', element: <p>Widget list</p> }]}
    >
      <Page record={record} lifecycle={lifecycle} labelled={labelled} />
    </Wrap>,
  );
  return lifecycle;
};

describe('useDetailActions with DetailFrame', () => {
  it('offers Update and Delete on a live record by permission, and Delete calls the lifecycle', async () => {
    const lifecycle = show(widget(), ['read', 'update', 'delete', 'restore', 'delete-permanently']);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(lifecycle.remove).toHaveBeenCalledWith(ID);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('hides what the user may not do', async () => {
    show(widget(), ['read', 'update']);
    await screen.findByRole('button', { name: 'Update' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('restores a deleted record, and opens the list after a permanent delete', async () => {
    const lifecycle = show(widget(true), ['read', 'restore', 'delete-permanently']);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(lifecycle.restore).toHaveBeenCalledWith(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(where.pathname).toBe('/stock/widgets'));
    expect(lifecycle.removePermanently).toHaveBeenCalledWith(ID);
  });

  it("uses the record type's words, Update as a link, and disables the buttons while a call runs", async () => {
    show(widget(), ['read', 'update', 'delete'], { labelled: true, running: true });
    const update = await screen.findByRole('link', { name: 'Update Widget' });
    expect(update.getAttribute('href')).toBe(`/stock/widgets/${ID}/update`);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete Widget' }).disabled).toBe(true);
  });

  it('words Delete Permanently as the record type does', async () => {
    show(widget(true), ['read', 'delete-permanently'], { labelled: true });
    expect(await screen.findByRole('button', { name: 'Permanently Delete' })).toBeTruthy();
  });
});
