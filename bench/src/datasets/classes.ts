import { catalogueGenerator } from './brands.ts';

export const CLASSES = 200;

export const classes = catalogueGenerator({
  name: 'product classes',
  table: 'product_classes',
  tag: '12',
  total: CLASSES,
  words: ['Primary', 'Middle', 'Secondary', 'Higher Secondary', 'ATL', 'College', 'ITI'],
  salt: 80,
});
