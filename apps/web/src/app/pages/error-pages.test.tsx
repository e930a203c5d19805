import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, stubNetwork, Wrap } from '../../test/harness';
import { isChunkLoadError, RouteErrorPage } from './error-pages';

stubNetwork(() => meWith({}));

/** A route whose page throws `error` as it renders, caught by RouteErrorPage as the router's errorElement. */
const Thrower = ({ error }: { error: Error }) => {
  throw error;
};
const openWith = (error: Error) =>
  render(
    <Wrap
      path="/page"
      routes={[
        { path: '/page', element: <Thrower error={error} />, errorElement: <RouteErrorPage inShell /> },
      ]}
    />,
  );

describe('a route that fails', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/list-page-AbC.js', // Chromium
    'error loading dynamically imported module: http://x/assets/list-page-AbC.js', // Firefox
    'Importing a module script failed.', // Safari
    'Unable to preload CSS for /assets/list-page-AbC.css', // Vite's preload helper
  ])('recognises a chunk that did not load: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('does not take other errors for a chunk failure', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('offers Reload when the page chunk failed to load, not the crash page', async () => {
    openWith(new TypeError('Failed to fetch dynamically imported module: http://x/assets/list-page-AbC.js'));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows the crash page for any other error', async () => {
    openWith(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
