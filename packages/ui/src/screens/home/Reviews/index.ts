export { Reviews, ReviewsIsland, Avatar, Stars, REVIEWS_INTERVAL_MS } from './Reviews';
export { initialsOf, avatarColour } from './avatar';
