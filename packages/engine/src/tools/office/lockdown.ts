import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * LibreOffice settings for hostile documents, written into every profile the engine starts an office with:
 * - links are never updated (Writer and Calc), fields are not refreshed on load (INCLUDEPICTURE, INCLUDETEXT, DDE);
 * - linked content (pictures, OLE objects, sections, templates) is not fetched from any address the document names,
 *   local or remote: `BlockUntrustedRefererLinks` treats every uploaded document as an untrusted referrer;
 * - macros never run;
 * - nothing of a document stays in the profile: no recent-documents list, no autorecovery copies, no backups (the
 *   warm office of the converter keeps its profile between documents).
 * These hold even where the process sandbox is weaker (see process/sandbox.ts), and the sandbox holds where a
 * setting has a gap: each defence is tested on its own.
 */
const SETTINGS: ReadonlyArray<[path: string, name: string, type: 'boolean' | 'int', value: boolean | number]> = [
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'boolean', true],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'boolean', true],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'int', 3],
  // Writer: 0 always, 1 on request, 2 never.
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 'int', 2],
  ['/org.openoffice.Office.Writer/Content/Update', 'Field', 'boolean', false],
  ['/org.openoffice.Office.Writer/Content/Update', 'Chart', 'boolean', false],
  // Calc: 0 always, 1 never, 2 on request.
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 'int', 1],
  // Calc recalculates nothing on load (a WEBSERVICE or external reference keeps its stored value).
  ['/org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', 'int', 1],
  ['/org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', 'int', 1],
  ['/org.openoffice.Office.Common/History', 'PickListSize', 'int', 0],
  ['/org.openoffice.Office.Recovery/AutoSave', 'Enabled', 'boolean', false],
  ['/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', 'boolean', false],
  ['/org.openoffice.Office.Common/Save/Document', 'CreateBackup', 'boolean', false],
];

function registry(): string {
  const items = SETTINGS.map(
    ([at, name, type, value]) =>
      `<item oor:path="${at}"><prop oor:name="${name}" oor:op="fuse" oor:type="xs:${type}"><value>${String(value)}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

/** Prepares `profileDir` (a fresh LibreOffice user installation) with the locked-down settings above. */
export async function writeLockedDownProfile(profileDir: string): Promise<void> {
  const user = path.join(profileDir, 'user');
  await mkdir(user, { recursive: true });
  await writeFile(path.join(user, 'registrymodifications.xcu'), registry());
}
