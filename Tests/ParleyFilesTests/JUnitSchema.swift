/// An XML Schema for the JUnit XML Parley writes, for the schema check in `JUnitReportTests`.
///
/// Written for these tests from what Jenkins' JUnit plugin and GitLab's test reports read (one
/// `testsuites` root, `testsuite` with counts, `testcase` with at most one of `skipped`, `failure`
/// or `error`, then `system-out` and `system-err`), and stricter than either: counts must be
/// integers, times decimals and the timestamp an ISO 8601 local date-time, the way the Ant format
/// that both follow defines them.
enum JUnitSchema {
    static let xsd = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:simpleType name="seconds">
            <xs:restriction base="xs:decimal"><xs:minInclusive value="0"/></xs:restriction>
          </xs:simpleType>
          <xs:simpleType name="localDateTime">
            <xs:restriction base="xs:dateTime">
              <xs:pattern value="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}"/>
            </xs:restriction>
          </xs:simpleType>
          <xs:attributeGroup name="counts">
            <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="failures" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="errors" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="skipped" type="xs:nonNegativeInteger" use="required"/>
            <xs:attribute name="time" type="seconds" use="required"/>
            <xs:attribute name="timestamp" type="localDateTime" use="required"/>
          </xs:attributeGroup>
          <xs:complexType name="problem" mixed="true">
            <xs:attribute name="message" type="xs:string"/>
            <xs:attribute name="type" type="xs:string"/>
          </xs:complexType>
          <xs:element name="testsuites">
            <xs:complexType>
              <xs:sequence>
                <xs:element ref="testsuite" minOccurs="0" maxOccurs="unbounded"/>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string"/>
              <xs:attributeGroup ref="counts"/>
            </xs:complexType>
          </xs:element>
          <xs:element name="testsuite">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="properties" minOccurs="0">
                  <xs:complexType>
                    <xs:sequence>
                      <xs:element name="property" maxOccurs="unbounded">
                        <xs:complexType>
                          <xs:attribute name="name" type="xs:string" use="required"/>
                          <xs:attribute name="value" type="xs:string" use="required"/>
                        </xs:complexType>
                      </xs:element>
                    </xs:sequence>
                  </xs:complexType>
                </xs:element>
                <xs:element ref="testcase" minOccurs="0" maxOccurs="unbounded"/>
                <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                <xs:element name="system-err" type="xs:string" minOccurs="0"/>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string" use="required"/>
              <xs:attributeGroup ref="counts"/>
            </xs:complexType>
          </xs:element>
          <xs:element name="testcase">
            <xs:complexType>
              <xs:sequence>
                <xs:choice minOccurs="0">
                  <xs:element name="skipped" type="problem"/>
                  <xs:element name="failure" type="problem"/>
                  <xs:element name="error" type="problem"/>
                </xs:choice>
                <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                <xs:element name="system-err" type="xs:string" minOccurs="0"/>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string" use="required"/>
              <xs:attribute name="classname" type="xs:string" use="required"/>
              <xs:attribute name="time" type="seconds" use="required"/>
              <xs:attribute name="file" type="xs:string"/>
              <xs:attribute name="line" type="xs:positiveInteger"/>
            </xs:complexType>
          </xs:element>
        </xs:schema>

        """#
}
