export * from './about';
export * from './apparel';
export * from './methodSteps';
export * from './pathStages';
export * from './plushStories';
export * from './themeSong';
