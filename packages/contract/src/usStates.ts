/** Full state name to USPS code for the 50 states and DC; the map matches records to shapes with it. */
export const US_STATES = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
  'District of Columbia': 'DC',
} as const satisfies Record<string, string>;

export type StateName = keyof typeof US_STATES;
export type StateCode = (typeof US_STATES)[StateName];

export const STATE_NAMES = Object.keys(US_STATES) as StateName[];

const byCode = new Map<string, StateName>(STATE_NAMES.map((name) => [US_STATES[name], name]));
const byLowerName = new Map<string, StateName>(STATE_NAMES.map((name) => [name.toLowerCase(), name]));

export function stateCodeFor(name: string): StateCode | undefined {
  const canonical = byLowerName.get(name.trim().toLowerCase());
  return canonical ? US_STATES[canonical] : undefined;
}

export function stateNameFor(code: string): StateName | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** Accepts a full name or a two-letter code, in any case; answers the canonical full name. */
export function canonicalStateName(input: string): StateName | undefined {
  const trimmed = input.trim();
  return byLowerName.get(trimmed.toLowerCase()) ?? stateNameFor(trimmed);
}
