import { useEffect } from 'react';

export const APP_NAME = 'Karya';

/** The browser tab's text for a page: 'Tasks · Karya'; just 'Karya' without a page title. */
export const documentTitle = (title?: string | null) =>
  title?.trim() ? `${title.trim()} · ${APP_NAME}` : APP_NAME;

/** Where a page's title goes while the server draws its first paint (entry-server.tsx): no effect runs there. */
let serverTitle: ((title: string) => void) | undefined;
export const setServerTitleSink = (sink: (title: string) => void) => {
  serverTitle = sink;
};

/**
 * Sets the browser tab title while the page is shown. Called once by PageHeader (so every page with a
 * header has one; a record's detail page gives its name) and by the few pages without a header (sign-in,
 * error pages, coming soon).
 */
export const useDocumentTitle = (title?: string | null) => {
  if (import.meta.env.SSR) serverTitle?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
};
