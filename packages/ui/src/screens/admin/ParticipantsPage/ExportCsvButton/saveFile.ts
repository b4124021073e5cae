// Shared with the member's 'Download my data' (packages/ui/src/api/myData.ts).
export { saveFile } from '../../../../api/saveFile';
