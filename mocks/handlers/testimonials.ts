import { api } from '@prr/contract';
import { publicTestimonials } from '@prr/domain';
import { handle } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { mockStore } from '../store.js';

/** The approved stories, then the site's testimonials, as the server answers them (publicTestimonials). */
export const testimonialHandlers = [handle(api.testimonials, () => publicTestimonials(mockStore, mockDb.testimonials))];
