/** Customer notifications in the office: the job panel's list (the settings screen is lazy-loaded by path). */
export { JobNotifications } from './JobNotifications';
export { notificationSettingsLive } from './live';
