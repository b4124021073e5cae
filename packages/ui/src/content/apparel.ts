/** The four static items of /symbols (docs/product/screens.md#symbols-and-apparel). */
import { externalLinks } from '../config';

export type ApparelCategory = 'Lapel Pin' | 'T-Shirts' | 'Tote Bags';

export interface ApparelItem {
  id: string;
  name: string;
  /** Shown as given, e.g. "$15.99". */
  price: string;
  image: string;
  /** Alt text of `image`. */
  imageAlt: string;
  description: string;
  category: ApparelCategory;
  featured: boolean;
  shopifyUrl: string;
  /** What wearing it says: the symbol behind the product. */
  meaning: string;
}

export const APPAREL_ITEMS: readonly [ApparelItem, ...ApparelItem[]] = [
  {
    id: 'olive-branch-lapel-pin',
    name: 'Olive Branch Lapel Pin',
    price: '$15.99',
    image: '/assets/symbols/olive-branch-lapel-pin.svg',
    imageAlt: 'A round gold lapel pin with a green olive branch on cream enamel',
    description: 'Gold-tone enamel pin with a double clutch back, small enough for every jacket, bag and lanyard.',
    category: 'Lapel Pin',
    featured: true,
    shopifyUrl: externalLinks.apparel.oliveBranchLapelPin,
    meaning:
      'For thousands of years the olive branch has been offered to end a quarrel. Wearing it says: I would rather understand you than defeat you.',
  },
  {
    id: 'apprentice-tee',
    name: 'Apprentice Tee',
    price: '$28.99',
    image: '/assets/symbols/apprentice-tee.svg',
    imageAlt: 'An olive green T-shirt printed with the words Peacemaker Apprentice',
    description: 'Soft ring-spun cotton tee printed with “Peacemaker Apprentice”. Relaxed fit, unisex sizes.',
    category: 'T-Shirts',
    featured: false,
    shopifyUrl: externalLinks.apparel.apprenticeTee,
    meaning: 'Nobody masters peace. We are all still learning to pause, and proud to say so out loud.',
  },
  {
    id: 'crew-neck',
    name: 'Pause. Reflect. Retry. Crew Neck',
    price: '$34.99',
    image: '/assets/symbols/crew-neck.svg',
    imageAlt: 'A cream crew neck shirt with Pause. Reflect. Retry. across the chest',
    description: 'Heavyweight crew neck with the three words of the method across the chest.',
    category: 'T-Shirts',
    featured: false,
    shopifyUrl: externalLinks.apparel.crewNeck,
    meaning: 'A reminder you can wear into any room: three small words that change how a conversation ends.',
  },
  {
    id: 'grocery-tote',
    name: 'There is a Better Way Grocery Tote',
    price: '$18.99',
    image: '/assets/symbols/grocery-tote.svg',
    imageAlt: 'A natural canvas tote bag printed with an olive branch and There is a Better Way',
    description: 'Sturdy natural canvas tote with long handles, roomy enough for the weekly shop.',
    category: 'Tote Bags',
    featured: false,
    shopifyUrl: externalLinks.apparel.groceryTote,
    meaning: 'Carried through the market, the school gate and the bus stop: a quiet invitation to a better way.',
  },
];

/** The item the showcase opens with: the featured one. */
export const FEATURED_APPAREL_ITEM: ApparelItem = APPAREL_ITEMS.find((item) => item.featured) ?? APPAREL_ITEMS[0];
