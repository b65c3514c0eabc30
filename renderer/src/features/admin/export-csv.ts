import { platform } from '../../platform';
import { recordExport } from './api';
import { type CsvList, csvFileName } from './csv';

/** Saves a CSV made in the browser under its dated name, and records the export in the audit trail. */
export function saveCsv(list: CsvList, csv: string): void {
  platform.saveFile(csvFileName(list, new Date()), csv, 'text/csv;charset=utf-8');
  recordExport(list);
}
