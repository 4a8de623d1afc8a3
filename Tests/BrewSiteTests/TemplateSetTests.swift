import BrewKit
import BrewSite
import Foundation
import Testing
import TestSupport

/// A template override that does not parse is reported with its file, line and column, and a
/// message that says what to fix.
@Suite("Template errors")
struct TemplateSetTests {
    static func diagnostics(for text: String) throws -> (folder: String, messages: [String]) {
        let folder = TestPaths.temporary("templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("log.md.mustache"), atomically: true, encoding: .utf8)
        let defaults = TestPaths.packageRoot.appendingPathComponent("Templates").path
        return (folder.path, TemplateSet.load(defaultDirectory: defaults, overrideDirectory: folder.path).diagnostics.map(\.description))
    }

    @Test func aTagLeftOpenAtTheEnd() throws {
        let (folder, messages) = try Self.diagnostics(for: "{{% CONTENT_TYPE: MARKDOWN }}\n# {{recipeName\n")
        #expect(messages == ["\(folder)/log.md.mustache:3:1: error: template does not parse: the template ends inside a tag (is a }} missing?)"])
    }

    @Test func aSectionNeverClosed() throws {
        let (folder, messages) = try Self.diagnostics(for: "# {{#hasNote}}\n{{note}}\n")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("\(folder)/log.md.mustache:") == true)
        #expect(messages.first?.contains("error: template does not parse: a section is opened but never closed") == true)
    }
}
