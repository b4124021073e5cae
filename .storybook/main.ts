import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['./Introduction.mdx', './DesignTokens.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  // @chromatic-com/storybook: Chromatic's Visual Tests panel (run and review `npm run chromatic` builds).
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
    '@chromatic-com/storybook',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW worker and the site's shipped assets (images, audio, the diagram).
  staticDirs: ['./public', '../packages/app/public'],
  core: { disableTelemetry: true },
};

export default config;
