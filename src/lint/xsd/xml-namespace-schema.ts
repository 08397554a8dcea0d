/**
 * Our own schema for the `xml:` namespace, written from the XML 1.0, XML Base and xml:id
 * recommendations. Every import of the XML namespace is served this text instead of whatever the
 * package ships or points at on the web, so validation never needs the network and a broken
 * `ims_xml.xsd` cannot make a valid package fail.
 */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

export const XML_NAMESPACE_SCHEMA = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           targetNamespace="${XML_NAMESPACE}">
  <!-- xml:lang: a language tag, or the empty string to say "no language" -->
  <xs:attribute name="lang">
    <xs:simpleType>
      <xs:union memberTypes="xs:language">
        <xs:simpleType>
          <xs:restriction base="xs:string">
            <xs:length value="0"/>
          </xs:restriction>
        </xs:simpleType>
      </xs:union>
    </xs:simpleType>
  </xs:attribute>
  <xs:attribute name="space">
    <xs:simpleType>
      <xs:restriction base="xs:NCName">
        <xs:enumeration value="default"/>
        <xs:enumeration value="preserve"/>
      </xs:restriction>
    </xs:simpleType>
  </xs:attribute>
  <xs:attribute name="base" type="xs:anyURI"/>
  <xs:attribute name="id" type="xs:ID"/>
  <xs:attributeGroup name="specialAttrs">
    <xs:attribute ref="xml:lang"/>
    <xs:attribute ref="xml:space"/>
    <xs:attribute ref="xml:base"/>
    <xs:attribute ref="xml:id"/>
  </xs:attributeGroup>
</xs:schema>
`;
