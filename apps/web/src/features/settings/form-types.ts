import type { UseFormReturn } from 'react-hook-form';
import type { SettingsForm, SettingsFormInput } from './settings-form';

/** What each section of the settings form receives. */
export type SettingsFormApi = UseFormReturn<SettingsFormInput, unknown, SettingsForm>;
