@testable import BrewServe
import Foundation
import Testing

/// A served form's values lose their bidirectional controls (a right-to-left override, the
/// isolates) before anything stores or prints them, as `kitchen import` does with a title
/// (issue 45: they were printed raw on the terminal and kept in the record).
@Suite struct FormFieldsBidiTests {
    @Test(arguments: [("note=fine%E2%80%AEgpj.exe", "finegpj.exe"), ("note=a%E2%81%A6b%E2%81%A9c", "abc"),
                      ("note=%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD", ""), ("note=caf%C3%A9+%D7%A9%D7%9C%D7%95%D7%9D", "café שלום")])
    func bidirectionalControlsAreLeftOutOfEveryValue(form: String, kept: String) throws {
        let fields = try FormFields.parse(Data(form.utf8), knownFields: ["note"]).get()
        #expect(fields["note"] == kept)
    }
}
