import { mkdtemp, rename } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { type OfficeRequest, sharedLibreOffice } from './libreoffice-bridge.js';
import { type OfficeRunContext, placeAs, runOfficeOnce } from './soffice.js';

/**
 * Converts one document with the warm office; without python3-uno (a machine set up before it was needed), with a
 * one-off soffice run that sees only a folder of its own (made in `workDir`) holding the document.
 */
export async function convertDocument(
  request: OfficeRequest,
  ctx: OfficeRunContext & { workDir: string },
  timeoutMs: number,
): Promise<void> {
  try {
    await sharedLibreOffice().convert(request, { timeoutMs, signal: ctx.signal });
  } catch (err) {
    if (!(err instanceof EngineError && err.kind === 'tool-missing')) throw err;
    await convertOnce(request, ctx, timeoutMs);
  }
}

async function convertOnce(request: OfficeRequest, ctx: OfficeRunContext & { workDir: string }, timeoutMs: number) {
  // The command line takes the settings as JSON in place of the options string.
  const settings = request.filterData
    ? JSON.stringify(
        Object.fromEntries(Object.entries(request.filterData).map(([k, v]) => [k, { type: settingType(v), value: String(v) }])),
      )
    : request.filterOptions;
  const folder = await mkdtemp(path.join(ctx.workDir, 'office-'));
  const [produced] = await runOfficeOnce(ctx, {
    folder,
    inputs: [await placeAs(request.input, path.join(folder, `input${path.extname(request.input)}`))],
    target: `${path.extname(request.output).slice(1)}:${request.filter}${settings ? `:${settings}` : ''}`,
    outDir: path.join(folder, 'out'),
    ...(request.inputFilter
      ? { inputFilter: `${request.inputFilter}${request.inputFilterOptions ? `:${request.inputFilterOptions}` : ''}` }
      : {}),
    timeoutMs,
  });
  if (produced) await rename(produced, request.output).catch(() => undefined);
}

/** The UNO type a FilterData value is given on the command line. */
function settingType(value: boolean | number | string): string {
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'number' ? 'long' : 'string';
}
