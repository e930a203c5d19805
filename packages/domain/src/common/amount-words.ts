// An amount in words in the Indian numbering system (issue 25, "The document": the total in words, as an
// Indian tax document prints it): "Rupees One Lakh Twenty Thousand Four Hundred Fifty and Paise Fifty Only".
// Amounts are paise (money.ts).

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 in words. */
const belowHundred = (n: number): string =>
  n < 20 ? (ONES[n] as string) : [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');

/** 1..999 in words. */
const belowThousand = (n: number): string => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
};

/**
 * A whole number in words, Indian system: crore (10^7), lakh (10^5), thousand, hundred. Crores above 99
 * are themselves read in the same system ("One Thousand Crore"). Zero is "Zero".
 */
export const numberInWords = (value: number): string => {
  const n = Math.trunc(Math.abs(value));
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/**
 * An amount of paise in words: "Rupees One Lakh Twenty Thousand Four Hundred Fifty and Paise Fifty Only";
 * without paise "Rupees Ten Only"; below a rupee "Paise Fifty Only"; nothing "Rupees Zero Only"; a
 * negative amount starts with "Minus".
 */
export const amountInWords = (paise: number): string => {
  const whole = Math.round(Math.abs(paise));
  const rupees = Math.floor(whole / 100);
  const rest = whole % 100;
  const parts: string[] = [];
  if (rupees || !rest) parts.push(`Rupees ${numberInWords(rupees)}`);
  if (rest) parts.push(`Paise ${belowHundred(rest)}`);
  return `${paise < 0 && whole ? 'Minus ' : ''}${parts.join(' and ')} Only`;
};
