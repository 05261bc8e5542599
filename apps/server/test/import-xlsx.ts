import ExcelJS from 'exceljs';

/** A workbook of one sheet with these rows, as Excel would save it. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
