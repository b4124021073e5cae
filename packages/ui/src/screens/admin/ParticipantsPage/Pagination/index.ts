export { Pagination } from './Pagination';
export { pageRange } from './pageRange';
