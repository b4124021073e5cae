/**
 * @prr/domain: the rules of the movement, run by the server and by the mocks alike, in Node and
 * in the browser. Plain functions over the data model (records.ts) and two narrow ports
 * (ports.ts) that each store implements; errors are AppError values with contract codes.
 */
export * from './errors.js';
export * from './records.js';
export * from './ports.js';
export * from './memoryIndexes.js';
export * from './memoryWrites.js';
export * from './memoryStore.js';
export * from './calendar.js';
export * from './email.js';
export * from './zipState.js';
export * from './points.js';
export * from './levelUps.js';
export * from './members.js';
export * from './participants.js';
export * from './participantSearch.js';
export * from './participantsCsv.js';
export * from './adminActivity.js';
export * from './achievements.js';
export * from './prompts.js';
export * from './reflections.js';
export * from './dashboard.js';
export * from './rippleEffects.js';
export * from './inviteCodes.js';
export * from './invites.js';
export * from './proof.js';
export * from './undeliverable.js';
export * from './memberExport.js';
export * from './afterExperiment.js';
export * from './stories.js';
export * from './emailSettings.js';
export * from './map.js';
export * from './insights/privacy.js';
export * from './insights/totals.js';
export * from './insights/insightsView.js';
export * from './insights/insights.js';
export * from './insights/insightsCsv.js';
export * from './insights/memoryInsights.js';
export * from './insights/memberProgress.js';
export * from './insights/impactTexts.js';
