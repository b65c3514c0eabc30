/**
 * Office documents that each try one door out of the converter: linked pictures and OLE objects, linked sections,
 * external templates, INCLUDEPICTURE / INCLUDETEXT fields, DDE, external workbook links and WEBSERVICE. Every door
 * names both the canary listener (a remote address) and the canary file (a local path).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ODF_NS, writeParts } from '../../src/families/office/office.test-support.js';

export interface Door {
  name: string;
  /** File name with the extension the engine detects. */
  file: string;
  build(target: string, remote: string, local: string): Promise<void>;
}

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`);
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The usual ODF namespaces, and the two the doors need besides. */
const NS = `${ODF_NS} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"`;

async function odf(target: string, mimetype: string, body: string): Promise<void> {
  await writeParts(target, [
    { name: 'mimetype', data: Buffer.from(mimetype), level: 0 },
    {
      name: 'META-INF/manifest.xml',
      data: xml(
        `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
      ),
    },
    {
      name: 'content.xml',
      data: xml(
        `<office:document-content ${NS} office:version="1.2"><office:body>${body}</office:body></office:document-content>`,
      ),
    },
  ]);
}

const linkedImage = (href: string, n: number) =>
  `<text:p>Picture ${n}<draw:frame draw:name="p${n}" text:anchor-type="as-char" svg:width="3cm" svg:height="3cm"><draw:image xlink:href="${href}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`;

const linkedObject = (href: string, n: number) =>
  `<text:p>Object ${n}<draw:frame draw:name="o${n}" text:anchor-type="as-char" svg:width="3cm" svg:height="3cm"><draw:object xlink:href="${href}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/><draw:image xlink:href="${href}" xlink:type="simple"/></draw:frame></text:p>`;

const linkedSection = (href: string, n: number) =>
  `<text:section text:name="s${n}"><text:section-source xlink:href="${href}" xlink:type="simple" xlink:show="embed"/><text:p>Linked section ${n}</text:p></text:section>`;

async function docx(
  target: string,
  body: string,
  rels: string[],
  extra: Array<{ name: string; data: Buffer }> = [],
): Promise<void> {
  const ns = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${REL}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;
  await writeParts(target, [
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: xml(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rIdS" Type="${REL}/settings" Target="settings.xml"/>${rels.join('')}</Relationships>`,
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(`<w:document ${ns}><w:body><w:p><w:r><w:t>Hostile document</w:t></w:r></w:p>${body}</w:body></w:document>`),
    },
    ...extra,
  ]);
}

const linkedBlip = (rid: string, n: number) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1143000" cy="1143000"/><wp:docPr id="${n}" name="Picture ${n}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="linked"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1143000" cy="1143000"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

const field = (instr: string) =>
  `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>stale</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;

const external = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}" TargetMode="External"/>`;

async function xlsx(
  target: string,
  cells: string,
  extra: Array<{ name: string; data: Buffer }> = [],
  workbookRels = '',
  workbookExtra = '',
): Promise<void> {
  await writeParts(target, [
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>${workbookExtra}<calcPr fullCalcOnLoad="1"/></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${workbookRels}</Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cells}</row></sheetData></worksheet>`,
      ),
    },
    ...extra,
  ]);
}

/** Every door; `remote` is the canary listener's URL, `local` the canary file's path. */
export const OFFICE_DOORS: readonly Door[] = [
  {
    name: 'ODT linked pictures (remote and local)',
    file: 'linked-pictures.odt',
    build: (t, remote, local) =>
      odf(
        t,
        'application/vnd.oasis.opendocument.text',
        `<office:text>${linkedImage(`${remote}/odt-image.png`, 1)}${linkedImage(pathToFileURL(local).href, 2)}${linkedImage(local, 3)}</office:text>`,
      ),
  },
  {
    name: 'ODT linked OLE objects',
    file: 'linked-objects.odt',
    build: (t, remote, local) =>
      odf(
        t,
        'application/vnd.oasis.opendocument.text',
        `<office:text>${linkedObject(`${remote}/odt-object.odt`, 1)}${linkedObject(pathToFileURL(local).href, 2)}</office:text>`,
      ),
  },
  {
    name: 'ODT linked sections',
    file: 'linked-sections.odt',
    build: (t, remote, local) =>
      odf(
        t,
        'application/vnd.oasis.opendocument.text',
        `<office:text>${linkedSection(`${remote}/odt-section.html`, 1)}${linkedSection(pathToFileURL(path.join(path.dirname(local), 'secret-notes.txt')).href, 2)}</office:text>`,
      ),
  },
  {
    name: 'ODS DDE link and WEBSERVICE',
    file: 'links.ods',
    build: (t, remote, local) =>
      odf(
        t,
        'application/vnd.oasis.opendocument.spreadsheet',
        `<office:spreadsheet><table:table table:name="One"><table:table-row><table:table-cell table:formula="of:=WEBSERVICE(&quot;${remote}/ods-webservice&quot;)" office:value-type="string"><text:p>x</text:p></table:table-cell><table:table-cell table:formula="of:=DDE(&quot;soffice&quot;;&quot;${pathToFileURL(local).href}&quot;;&quot;A1&quot;)" office:value-type="string"><text:p>y</text:p></table:table-cell></table:table-row></table:table><table:table table:name="Two"><table:table-source xlink:type="simple" xlink:href="${remote}/ods-linked-sheet.csv" table:filter-name="Text - txt - csv (StarCalc)" table:mode="copy-all"/><table:table-row><table:table-cell><text:p>z</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`,
      ),
  },
  {
    name: 'DOCX linked pictures and external template',
    file: 'linked-pictures.docx',
    build: (t, remote, local) =>
      docx(
        t,
        `${linkedBlip('rIdL1', 1)}${linkedBlip('rIdL2', 2)}`,
        [external('rIdL1', 'image', `${remote}/docx-image.png`), external('rIdL2', 'image', pathToFileURL(local).href)],
        [
          {
            name: 'word/settings.xml',
            data: xml(
              `<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${REL}"><w:attachedTemplate r:id="rIdT"/></w:settings>`,
            ),
          },
          {
            name: 'word/_rels/settings.xml.rels',
            data: xml(
              `<Relationships xmlns="${REL_NS}">${external('rIdT', 'attachedTemplate', `${remote}/docx-template.dotx`)}</Relationships>`,
            ),
          },
        ],
      ),
  },
  {
    name: 'DOCX INCLUDEPICTURE, INCLUDETEXT and DDE fields',
    file: 'fields.docx',
    build: (t, remote, local) =>
      docx(
        t,
        [
          field(`INCLUDEPICTURE "${remote}/docx-includepicture.png" \\d`),
          field(`INCLUDEPICTURE "${local.replace(/\\/g, '\\\\')}"`),
          field(`INCLUDETEXT "${remote}/docx-includetext.docx"`),
          field(`DDEAUTO soffice "${pathToFileURL(local).href}" "A1"`),
        ].join(''),
        [],
      ),
  },
  {
    name: 'DOCX linked OLE object and sub-document',
    file: 'linked-object.docx',
    build: (t, remote, local) =>
      docx(
        t,
        `<w:p><w:r><w:object><o:OLEObject xmlns:o="urn:schemas-microsoft-com:office:office" Type="Link" ProgID="Package" r:id="rIdO" UpdateMode="Always"/></w:object></w:r></w:p><w:p><w:subDoc r:id="rIdD"/></w:p>`,
        [external('rIdO', 'oleObject', `${remote}/docx-ole.bin`), external('rIdD', 'subDocument', pathToFileURL(local).href)],
      ),
  },
  {
    name: 'DOCX external XML entities (XXE)',
    file: 'entities.docx',
    build: async (t, remote, local) => {
      const secret = pathToFileURL(path.join(path.dirname(local), 'secret-notes.txt')).href;
      const doctype = `<!DOCTYPE w:document [<!ENTITY secret SYSTEM "${secret}"><!ENTITY remote SYSTEM "${remote}/docx-xxe.xml">]>`;
      await writeParts(t, [
        {
          name: '[Content_Types].xml',
          data: xml(
            `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
          ),
        },
        {
          name: '_rels/.rels',
          data: xml(
            `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
          ),
        },
        {
          name: 'word/document.xml',
          data: Buffer.from(
            `<?xml version="1.0" encoding="UTF-8"?>${doctype}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>A &secret; B &remote; C</w:t></w:r></w:p></w:body></w:document>`,
          ),
        },
      ]);
    },
  },
  {
    name: 'XLSX external workbook link and WEBSERVICE',
    file: 'links.xlsx',
    build: (t, remote) =>
      xlsx(
        t,
        `<c r="A1" t="str"><f>WEBSERVICE("${remote}/xlsx-webservice")</f></c><c r="B1"><f>[1]Sheet1!A1</f></c>`,
        [
          {
            name: 'xl/externalLinks/externalLink1.xml',
            data: xml(
              `<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames></externalBook></externalLink>`,
            ),
          },
          {
            name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
            data: xml(
              `<Relationships xmlns="${REL_NS}">${external('rId1', 'externalLinkPath', `${remote}/xlsx-external.xlsx`)}</Relationships>`,
            ),
          },
        ],
        `<Relationship Id="rId2" Type="${REL}/externalLink" Target="externalLinks/externalLink1.xml"/>`,
        '<externalReferences><externalReference r:id="rId2"/></externalReferences>',
      ),
  },
];
