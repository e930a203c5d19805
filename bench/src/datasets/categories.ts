import { catalogueGenerator } from './brands.ts';

export const CATEGORIES = 300;

export const categories = catalogueGenerator({
  name: 'product categories',
  table: 'product_categories',
  tag: '11',
  total: CATEGORIES,
  words: ['Robotics Kits', 'Sensors', 'Glassware', 'Microscopes', 'Projectors', 'Panels', 'Furniture'],
  salt: 70,
});
