import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';

export const productHandlers = [handle(api.featuredProducts, () => mockDb.products)];
