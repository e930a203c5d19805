import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROGRESSIVE_FIRST, useProgressiveRows } from './progressive-rows';

const List = ({ rows }: { rows: number[] }) => {
  const drawn = useProgressiveRows(rows);
  return (
    <ul>
      {drawn.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
};

const page = (from: number) => Array.from({ length: 20 }, (_, i) => from + i);

describe('useProgressiveRows', () => {
  it('draws the first rows at once and the rest in later tasks, then replaces later pages whole', async () => {
    const { rerender } = render(<List rows={[]} />);
    const first = page(1);
    rerender(<List rows={first} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(PROGRESSIVE_FIRST);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(20));
    // The next page (or a filter) arrives whole.
    rerender(<List rows={page(21)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe('21');
  });
});
