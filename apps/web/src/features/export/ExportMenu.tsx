import type { ExportFormat } from '@fieldplan/shared';
import { useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuItem } from '../../components/Menu';
import { Message, useIntl } from '../../lib/i18n';
import { exportPath } from './download';
import { useToastedDownload } from './use-toasted-download';
import './Export.css';

const formatText = defineMessages({
  csv: { id: 'export.format.csv' },
  csvHint: { id: 'export.format.csvHint' },
  csvExcel: { id: 'export.format.csvExcel' },
  csvExcelHint: { id: 'export.format.csvExcelHint' },
  xlsx: { id: 'export.format.xlsx' },
});
const formats: { format: ExportFormat; label: MessageDescriptor; hint: MessageDescriptor | string }[] = [
  { format: 'csv', label: formatText.csv, hint: formatText.csvHint },
  { format: 'csv-excel', label: formatText.csvExcel, hint: formatText.csvExcelHint },
  // The file's extension is its hint: no words to translate.
  { format: 'xlsx', label: formatText.xlsx, hint: '.xlsx' },
];

interface ExportMenuProps {
  workspaceId: string;
  what: 'customers' | 'jobs' | 'visits';
  /** The screen's current filters, sent as the list's query parameters. */
  filters: Record<string, string | undefined>;
  /** The button's text ("Export", "Export visits"). */
  label?: string;
}

/** An Export menu: the list as it is filtered now, as CSV, CSV for Excel or .xlsx (docs/PRODUCT.md, "Export"). */
export function ExportMenu({ workspaceId, what, filters, label: labelGiven }: ExportMenuProps) {
  const intl = useIntl();
  const label = labelGiven ?? intl.formatMessage({ id: 'export.menu.export' });
  const download = useToastedDownload();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    await download(exportPath(workspaceId, what, format, filters), `${what}.${format === 'xlsx' ? 'xlsx' : 'csv'}`);
    setBusy(false);
  };
  return (
    <Menu
      label={intl.formatMessage({ id: 'export.menu.as' }, { label })}
      align="end"
      buttonClassName={buttonClass('secondary')}
      button={
        <>
          <Icon name="download" />
          {busy ? <Message id="export.menu.exporting" /> : label}
        </>
      }
    >
      <MenuHeader>
        <span className="muted">
          <Message id="export.menu.withFilters" />
        </span>
      </MenuHeader>
      {formats.map((f) => (
        <MenuItem key={f.format} onSelect={() => void run(f.format)}>
          <span className="export-option">
            <span>{intl.formatMessage(f.label)}</span>
            <span className="muted">{typeof f.hint === 'string' ? f.hint : intl.formatMessage(f.hint)}</span>
          </span>
        </MenuItem>
      ))}
    </Menu>
  );
}
