// The export feature's door: Export menus for the lists, and the workspace archive (Settings, switcher).

export { ArchivePanel } from './ArchivePanel';
export { ExportMenu } from './ExportMenu';
export { RestoreArchiveDialog } from './RestoreArchiveDialog';
