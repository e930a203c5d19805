import { Outlet } from 'react-router';

/** Placeholder: the application shell (sidebar, header, switcher, dialogs) replaces this. */
export const Shell = () => <Outlet />;
