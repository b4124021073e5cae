/** Every outbound link of the site in one place (docs/decisions/016-self-hosted-assets-and-links.md). */
const shop = 'https://shop.pausereflectretry.org';

export const externalLinks = {
  shop,
  shopCollections: [
    {
      key: 'bestsellers',
      name: 'Bestsellers',
      url: `${shop}/collections/bestsellers`,
      image: '/assets/collections/bestsellers.svg',
    },
    {
      key: 'essentials',
      name: 'Essentials',
      url: `${shop}/collections/essentials`,
      image: '/assets/collections/essentials.svg',
    },
    {
      key: 'patriotic',
      name: 'Patriotic',
      url: `${shop}/collections/patriotic`,
      image: '/assets/collections/patriotic.svg',
    },
    { key: 'summer', name: 'Summer', url: `${shop}/collections/summer`, image: '/assets/collections/summer.svg' },
  ],
  /** Product pages of the four items on /symbols. */
  apparel: {
    oliveBranchLapelPin: `${shop}/products/olive-branch-lapel-pin`,
    apprenticeTee: `${shop}/products/apprentice-tee`,
    crewNeck: `${shop}/products/peacemaker-crew-neck`,
    groceryTote: `${shop}/products/better-way-grocery-tote`,
  },
  plush: {
    hugs: `${shop}/products/hugs-lion-dove-plush`,
    peace: `${shop}/products/peace-the-purtle-plush`,
  },
  social: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/pausereflectretry' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/pausereflectretry' },
    { network: 'twitter', label: 'X (Twitter)', url: 'https://x.com/pausereflectretry' },
    { network: 'tiktok', label: 'TikTok', url: 'https://www.tiktok.com/@pausereflectretry' },
  ],
  funfestEvent: 'https://funfest.unityumbrella.org/2025',
  organisations: [
    { name: 'Unity Umbrella', url: 'https://unityumbrella.org' },
    { name: 'Public Benefit Corporation', url: 'https://unityumbrella.org/public-benefit' },
  ],
} as const;

export type ShopCollectionKey = (typeof externalLinks.shopCollections)[number]['key'];
