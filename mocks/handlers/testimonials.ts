import { api } from '@prr/contract';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';

export const testimonialHandlers = [handle(api.testimonials, () => mockDb.testimonials)];
