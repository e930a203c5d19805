import type { HolidayKind } from '@karya/domain';

export type HolidaySeed = { date: string; name: string; kind: HolidayKind; region: 'IN' | 'OD' };

const national = (date: string, name: string): HolidaySeed => ({
  date,
  name,
  kind: 'National',
  region: 'IN',
});
const odisha = (date: string, name: string): HolidaySeed => ({ date, name, kind: 'State', region: 'OD' });

/**
 * The holidays every start seeds (idempotent on date + name). National: the Government of India's
 * gazetted holidays for 2026. State: the Odisha government's general holidays for 2026 (Revenue and
 * Disaster Management Department notification), where they are not national already.
 *
 * Festivals that follow the lunar calendar move every year; the dates marked "lunar" follow the
 * published 2026 lists and those marked "uncertain" are best estimates (a later notification may move them
 * by a day). For 2027 only the fixed-date holidays are listed until the 2027 lists are published.
 */
export const HOLIDAYS: readonly HolidaySeed[] = [
  // ------------------------------------------------------------------------------ 2026, national
  national('2026-01-26', 'Republic Day'),
  national('2026-03-04', 'Holi'), // lunar
  national('2026-03-21', 'Id-ul-Fitr'), // lunar; depends on the sighting of the moon
  national('2026-03-26', 'Ram Navami'), // lunar
  national('2026-03-31', 'Mahavir Jayanti'), // lunar
  national('2026-04-03', 'Good Friday'),
  national('2026-05-01', 'Buddha Purnima'), // lunar
  national('2026-05-27', 'Id-ul-Zuha (Bakrid)'), // lunar; depends on the sighting of the moon
  national('2026-06-26', 'Muharram'), // lunar; depends on the sighting of the moon
  national('2026-08-15', 'Independence Day'),
  national('2026-08-26', 'Milad-un-Nabi (Birthday of Prophet Muhammad)'), // lunar; moon sighting
  national('2026-09-04', 'Janmashtami'), // lunar
  national('2026-10-02', 'Mahatma Gandhi Jayanti'),
  national('2026-10-20', 'Dussehra'), // lunar
  national('2026-11-08', 'Diwali (Deepavali)'), // lunar
  national('2026-11-24', 'Guru Nanak Jayanti'), // lunar
  national('2026-12-25', 'Christmas'),

  // -------------------------------------------------------------------------------- 2026, Odisha
  odisha('2026-01-14', 'Makar Sankranti'),
  odisha('2026-01-23', 'Basanta Panchami / Netaji Subhas Chandra Bose Jayanti'), // lunar
  odisha('2026-03-03', 'Dola Purnima'), // lunar
  odisha('2026-04-01', 'Utkal Divas'),
  odisha('2026-04-14', 'Maha Vishuba Sankranti (Pana Sankranti) / Dr. B.R. Ambedkar Jayanti'),
  odisha('2026-05-16', 'Sabitri Amabasya'), // lunar
  odisha('2026-06-15', 'Raja Sankranti'),
  odisha('2026-07-16', 'Ratha Yatra'), // lunar
  odisha('2026-09-14', 'Ganesh Puja'), // lunar
  odisha('2026-09-15', 'Nuakhai'), // lunar
  odisha('2026-10-17', 'Maha Saptami'), // lunar
  odisha('2026-10-18', 'Maha Ashtami'), // lunar, uncertain: a Sunday, not in the published weekday list
  odisha('2026-10-19', 'Maha Navami'), // lunar
  odisha('2026-10-25', 'Kumar Purnima'), // lunar, uncertain: Ashwin Purnima (25 or 26 October)
  odisha('2026-11-24', 'Rahas Purnima'), // lunar

  // ------------------------------------------------------------------------ 2027, fixed dates only
  national('2027-01-26', 'Republic Day'),
  national('2027-08-15', 'Independence Day'),
  national('2027-10-02', 'Mahatma Gandhi Jayanti'),
  national('2027-12-25', 'Christmas'),
  odisha('2027-01-14', 'Makar Sankranti'),
  odisha('2027-04-01', 'Utkal Divas'),
  odisha('2027-04-14', 'Maha Vishuba Sankranti (Pana Sankranti) / Dr. B.R. Ambedkar Jayanti'),
  odisha('2027-06-15', 'Raja Sankranti'),
];
