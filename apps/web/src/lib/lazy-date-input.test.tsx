import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateInput } from './lazy-date-input';

afterEach(cleanup);

describe('lazy DateInput', () => {
  it('stands in with the label, value and message, takes the focus ref, then becomes the picker', async () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <MantineProvider>
        <DateInput
          ref={ref}
          label="Date of birth"
          valueFormat="DD/MM/YYYY"
          value="1990-04-07"
          onChange={() => {}}
          error="Date of birth must be in the past"
        />
      </MantineProvider>,
    );
    const standIn = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(standIn.value).toBe('07/04/1990');
    expect(standIn.readOnly).toBe(true);
    expect(screen.getByText('Date of birth must be in the past')).toBeTruthy();
    ref.current?.focus();
    expect(document.activeElement).toBe(standIn);
    // The picker arrives: same label and value, now editable.
    await waitFor(() =>
      expect((screen.getByLabelText('Date of birth') as HTMLInputElement).readOnly).toBe(false),
    );
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('07/04/1990');
    expect(screen.getByText('Date of birth must be in the past')).toBeTruthy();
  });
});
