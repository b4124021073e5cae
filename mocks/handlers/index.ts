/** Every route of the contract's table, in one list for Storybook, Vitest and `npm run dev:mock`. */
import { achievementHandlers } from './achievements.js';
import { adminHandlers } from './admin.js';
import { adminActivityHandlers } from './adminActivity.js';
import { adminSecondFactorHandlers } from './adminSecondFactor.js';
import { insightHandlers } from './insights.js';
import { inviteHandlers } from './invites.js';
import { levelUpHandlers } from './levelUps.js';
import { mapHandlers } from './map.js';
import { meHandlers } from './me.js';
import { memberDataHandlers } from './memberData.js';
import { memberHandlers } from './members.js';
import { movementHandlers } from './movement.js';
import { notFoundHandler } from './notFound.js';
import { productHandlers } from './products.js';
import { promptHandlers } from './prompts.js';
import { reflectionHandlers } from './reflections.js';
import { rippleEffectHandlers } from './rippleEffects.js';
import { signInHandlers } from './signIn.js';
import { storyHandlers } from './stories.js';
import { testimonialHandlers } from './testimonials.js';

export const handlers = [
  ...productHandlers,
  ...testimonialHandlers,
  ...movementHandlers,
  ...mapHandlers,
  ...signInHandlers,
  ...meHandlers,
  ...memberDataHandlers,
  ...inviteHandlers,
  ...reflectionHandlers,
  ...promptHandlers,
  ...achievementHandlers,
  ...levelUpHandlers,
  ...rippleEffectHandlers,
  ...storyHandlers,
  ...memberHandlers,
  ...adminHandlers,
  ...adminActivityHandlers,
  ...adminSecondFactorHandlers,
  ...insightHandlers,
  // The catch-all must stay last: MSW answers with the first matching handler.
  notFoundHandler,
];

export { createAdminHandlers } from './admin.js';
export { createStoryAdminHandlers } from './stories.js';
export { createAdminActivityHandlers } from './adminActivity.js';
export { createInsightHandlers } from './insights.js';
export {
  createAdminSecondFactorHandlers,
  MOCK_TOTP_CODE,
  MOCK_TOTP_SECRET,
  MOCK_RECOVERY_CODES,
} from './adminSecondFactor.js';
export { unsubscribeTokenFor } from './members.js';
export { startMockSignIn, issueMockEmailKey, MOCK_SIGN_IN_CODE, EMAIL_LINK_PREFIX } from './signIn.js';
