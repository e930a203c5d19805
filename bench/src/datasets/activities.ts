import { ACTIVITY_TYPES } from '@karya/domain';
import { hash, idOf, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const ACTIVITIES = 5_000_000;

const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const DEVICES = ['Desktop', 'Mobile', 'Tablet'];
const MESSAGES = [
  'Signed in',
  'Sign-in failed: invalid email or password',
  'Password changed',
  'Password reset with a code',
  'Sign-in refused outside the allowed region',
  'Customer list exported',
];

/** Two years of sign-ins, failures, password changes and exports, spread over the users. */
export const activities: Generator = {
  name: 'user activities',
  rows: (scale) => scaled(ACTIVITIES, scale),
  run: (sql, scale, progress) =>
    inBatches(
      sql,
      scaled(ACTIVITIES, scale),
      250_000,
      `insert into user_activities (id, user_id, type, ip_address, device_info, message, location, created_at)
       select ${idOf('02', 'i')},
         ${userId(someUser('i', 21, scale))},
         ${pick(ACTIVITY_TYPES, 'i', 22)},
         '10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (${hash('i', 23)} % 250),
         jsonb_build_object('os', 'Android', 'browser', ${pick(BROWSERS, 'i', 24)}, 'device', ${pick(DEVICES, 'i', 25)}, 'model', 'Generic'),
         ${pick(MESSAGES, 'i', 22)},
         jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(85.8 + (${hash('i', 26)} % 100) / 100.0, 20.2 + (${hash('i', 27)} % 100) / 100.0)),
         ${pastTime('i', 28, 730)}
       from generate_series($FROM, $TO) i`,
      progress,
    ),
};
