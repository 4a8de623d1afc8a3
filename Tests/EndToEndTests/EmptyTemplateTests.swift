import Foundation
import Testing
import TestSupport

/// `templates copy` leaves its folder and nothing beside it, and a template left empty (what a
/// copy on a full disk left before it was staged) is an error in `build`, where the page lost its
/// part without a word (issue 45).
@Suite struct EmptyTemplateTests {
    @Test func anEmptyTemplateIsAnErrorInBuild() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let templates = root.appendingPathComponent("Templates")
        #expect(try BrewGuideProcess.run(["templates", "copy", templates.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["Templates"], "no staging folder is left")
        let footer = try #require(FileManager.default.subpaths(atPath: templates.path)?.first { $0.hasSuffix(".mustache") && !$0.hasPrefix("assets/") })
        try Data().write(to: templates.appendingPathComponent(footer))
        let build = try BrewGuideProcess.run(["build", "--data", "Data", "--templates", templates.path, "--output", root.appendingPathComponent("Site").path, "--quiet"])
        #expect(build.status == 1)
        #expect(build.stderr.contains("\(templates.appendingPathComponent(footer).path): error: the template is empty (0 bytes)"), "\(build.stderr)")
    }
}
