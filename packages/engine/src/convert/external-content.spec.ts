import { describe, expect, it } from 'vitest';
import { unlinkOdfXml, unlinkOoxmlRelationships } from './external-content.js';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

describe('removing references to outside content before a document is rendered', () => {
  it('drops external OOXML relationships that load content, and keeps hyperlinks and package parts', () => {
    const xml = `<Relationships>
<Relationship Id="r1" Type="${REL}/image" Target="media/image1.png"/>
<Relationship Id="r2" Type="${REL}/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>
<Relationship Id="r3" Type="${REL}/hyperlink" Target="https://example.com/" TargetMode="External"/>
<Relationship Id="r4" Type="${REL}/attachedTemplate" Target="file:///etc/passwd" TargetMode="External"/>
<Relationship Id="r5" TargetMode='External' Target="\\\\host\\share\\x.xlsx" Type="${REL}/externalLinkPath"/>
<Relationship Id="r6" Type="${REL}/oleObject" Target="http://a/b" TargetMode="External"/>
</Relationships>`;
    const out = unlinkOoxmlRelationships(xml) ?? '';
    expect(out).toContain('media/image1.png');
    expect(out).toContain('https://example.com/');
    for (const gone of ['127.0.0.1', '/etc/passwd', 'share', 'http://a/b']) expect(out).not.toContain(gone);
    expect(
      unlinkOoxmlRelationships(`<Relationships><Relationship Id="r1" Type="${REL}/image" Target="media/a.png"/></Relationships>`),
    ).toBeUndefined();
  });

  it('empties ODF links that leave the package, and keeps pictures inside it and text hyperlinks', () => {
    const xml = [
      '<draw:image xlink:href="Pictures/inside.png" xlink:type="simple"/>',
      '<draw:image xlink:href="http://127.0.0.1:9/x.png" xlink:type="simple"/>',
      "<draw:object xlink:href='file:///home/secret.odt'/>",
      '<text:section-source xlink:href="../../outside.odt"/>',
      '<table:table-source xlink:href="/etc/passwd"/>',
      '<text:a xlink:href="https://example.com/">link</text:a>',
      '<draw:object xlink:href="./Object 1"/>',
    ].join('');
    const out = unlinkOdfXml(xml) ?? '';
    expect(out).toContain('Pictures/inside.png');
    expect(out).toContain('./Object 1');
    expect(out).toContain('https://example.com/');
    for (const gone of ['127.0.0.1', 'secret.odt', 'outside.odt', '/etc/passwd']) expect(out).not.toContain(gone);
    expect(unlinkOdfXml('<draw:image xlink:href="Pictures/a.png"/>')).toBeUndefined();
  });
});
