import { DATE_FORMAT, DATE_TIME_FORMAT, formatRupees, TIME_FORMAT, toPaise } from '@karya/domain';
import dayjs from 'dayjs';
import { EMPTY_VALUE } from '../list/display';

/** dd/MM/yyyy; a bare YYYY-MM-DD is a calendar day, read without a time-zone shift. Empty → '-'. */
export const formatDate = (value: string | null | undefined) => {
  if (!value) return EMPTY_VALUE;
  const d = dayjs(value.length === 10 ? `${value}T00:00:00` : value);
  return d.isValid() ? d.format(DATE_FORMAT) : EMPTY_VALUE;
};

/** dd/MM/yyyy hh:mm a of a moment (ISO timestamp). Empty → '-'. */
export const formatDateTime = (value: string | null | undefined) => {
  if (!value) return EMPTY_VALUE;
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : EMPTY_VALUE;
};

/** hh:mm a of a clock time ('14:05') or a moment (ISO timestamp). Empty → '-'. */
export const formatTime = (value: string | null | undefined) => {
  if (!value) return EMPTY_VALUE;
  const clock = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(value);
  const d = clock ? dayjs().hour(Number(clock[1])).minute(Number(clock[2])) : dayjs(value);
  return d.isValid() ? d.format(TIME_FORMAT) : EMPTY_VALUE;
};

/** Rupees as the DTOs carry them (2 decimals at most), shown '₹1,200.50' through the paise formatter; null when none. */
export const rupees = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : formatRupees(toPaise(amount) ?? 0);
