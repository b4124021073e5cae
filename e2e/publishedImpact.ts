/**
 * A site whose organiser has published the evidence (docs/product/insights.md): /impact is then a
 * page, filled from this snapshot; without it /impact answers 404.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ImpactSnapshot } from '@prr/contract';
import { earlyImpact, publishedImpact } from '@prr/mocks/fixtures';
import type { SeedDataFile } from './harness';

/** A movement a few months in, with its day-90 figure on too few members to show. */
export const PUBLISHED_IMPACT: ImpactSnapshot = {
  ...publishedImpact,
  evidence: { ...publishedImpact.evidence, retention: earlyImpact.evidence.retention },
};

/** Writes the snapshot into the data file the lowdb site starts from. */
export const withPublishedImpact: SeedDataFile = (dataFile) => {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(dataFile, JSON.stringify({ ...data, impactSnapshot: PUBLISHED_IMPACT }));
};
