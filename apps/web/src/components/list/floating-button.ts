import { getDefaultZIndex } from '@mantine/core';

/**
 * The floating + button's layer: above the page, below the app's own chrome (Mantine's 'app' layer, 100:
 * the header and the navigation, which on a phone covers the page when opened) and so below every menu,
 * popover, drawer and dialog. At 150 it floated over the phone's open navigation menu (issue 23).
 */
export const FLOATING_BUTTON_Z_INDEX = getDefaultZIndex('app') - 1;
