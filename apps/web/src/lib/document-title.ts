import { useEffect } from 'react';

export const APP_NAME = 'Karya';

/** The browser tab's text for a page: 'Tasks · Karya'; just 'Karya' without a page title. */
export const documentTitle = (title?: string | null) =>
  title?.trim() ? `${title.trim()} · ${APP_NAME}` : APP_NAME;

/**
 * Sets the browser tab title while the page is shown. Called once by PageHeader (so every page with a
 * header has one; a record's detail page gives its name) and by the few pages without a header (sign-in,
 * error pages, coming soon).
 */
export const useDocumentTitle = (title?: string | null) => {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
};
