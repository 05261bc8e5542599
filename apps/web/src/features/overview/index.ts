/** What other features may use of overview; everything else here is its own. */
export { markSettingsReviewed } from './settings-reviewed';
