import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { DetailQueryState } from './detail-frame';
import { RecordFormPage } from './record-form-page';

afterEach(cleanup);

type Widget = { _id: string; name: string };

const show = (query?: DetailQueryState<Widget>) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        {query ? (
          <RecordFormPage<Widget>
            title="Update Widget"
            noun="widget"
            query={query}
            notFoundText="Widget not found"
            backTo={{ to: '/stock/widgets', label: 'Back to widgets' }}
          >
            {(w) => <form aria-label="Widget form">{w.name}</form>}
          </RecordFormPage>
        ) : (
          <RecordFormPage title="Create Widget">{() => <form aria-label="Widget form" />}</RecordFormPage>
        )}
      </MemoryRouter>
    </MantineProvider>,
  );

describe('RecordFormPage', () => {
  it('shows a create form at once under its title', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Create Widget' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Widget form' })).toBeTruthy();
  });

  it('hands the loaded record to the update form', () => {
    show({ isPending: false, isError: false, data: { _id: 'w1', name: 'Anchor bolt' } });
    expect(screen.getByRole('form', { name: 'Widget form' }).textContent).toBe('Anchor bolt');
  });

  it('shows a loader while the record loads, and no form', () => {
    show({ isPending: true, isError: false });
    expect(screen.getByLabelText('Loading widget')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says the record does not exist, with the way back', () => {
    show({ isPending: false, isError: true, error: new ApiError(404, 'Widget not found') });
    expect(screen.getByText('Widget not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to widgets' }).getAttribute('href')).toBe('/stock/widgets');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers Retry after another failure', () => {
    const refetch = vi.fn();
    show({ isPending: false, isError: true, error: new ApiError(500, 'Server error'), refetch });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });
});
