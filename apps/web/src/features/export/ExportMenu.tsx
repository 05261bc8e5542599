import type { ExportFormat } from '@fieldplan/shared';
import { useState } from 'react';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuItem } from '../../components/Menu';
import { useToast } from '../../components/use-toast';
import { problemMessage } from '../../lib/problem';
import { download, exportPath } from './download';
import './Export.css';

const formats: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', hint: 'comma-separated, UTF-8' },
  { format: 'csv-excel', label: 'CSV for Excel', hint: 'semicolons, opens in Excel' },
  { format: 'xlsx', label: 'Excel workbook', hint: '.xlsx' },
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
export function ExportMenu({ workspaceId, what, filters, label = 'Export' }: ExportMenuProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    const result = await download(
      exportPath(workspaceId, what, format, filters),
      `${what}.${format === 'xlsx' ? 'xlsx' : 'csv'}`,
    );
    setBusy(false);
    if (result.ok) toast({ message: `Downloaded ${result.name}`, tone: 'success' });
    else toast({ message: problemMessage(result.problem), tone: 'error' });
  };
  return (
    <Menu
      label={`${label} as`}
      align="end"
      buttonClassName={buttonClass('secondary')}
      button={
        <>
          <Icon name="download" />
          {busy ? 'Exporting…' : label}
        </>
      }
    >
      <MenuHeader>
        <span className="muted">With the current filters</span>
      </MenuHeader>
      {formats.map((f) => (
        <MenuItem key={f.format} onSelect={() => void run(f.format)}>
          <span className="export-option">
            <span>{f.label}</span>
            <span className="muted">{f.hint}</span>
          </span>
        </MenuItem>
      ))}
    </Menu>
  );
}
