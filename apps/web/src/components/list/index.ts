export * from './filter-drawer';
export * from './list-params';
export * from './list-states';
export * from './pagination-bar';
export * from './quick-date-chips';
export * from './search-input';
export * from './search-palette';
export * from './sort-menu';
