import BrewBuiltIns
import BrewSite
import Foundation
import Testing
import TestSupport

/// The templates compiled into the binary are `Templates/` byte for byte, and a folder of the
/// user's replaces them one name at a time.
@Suite("Built-in templates")
struct BuiltInTemplatesTests {
    @Test func theBuiltInFilesAreTheTemplatesFolderByteForByte() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Templates")
        var onDisk: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        while let relative = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular, !(relative as NSString).lastPathComponent.hasPrefix(".") {
                onDisk[relative] = try Data(contentsOf: folder.appendingPathComponent(relative))
            }
        }
        #expect(onDisk.count > 20)
        #expect(Set(BuiltInTemplates.files.keys) == Set(onDisk.keys))
        for (relative, bytes) in onDisk {
            #expect(BuiltInTemplates.files[relative].map { Data($0.utf8) } == bytes, "\(relative)")
        }
    }

    @Test func aFolderReplacesOnlyTheTemplatesItHolds() throws {
        let folder = TestPaths.temporary("templates-override")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("MINE".utf8).write(to: folder.appendingPathComponent("hints.md.mustache"))
        try Data("body{}".utf8).write(to: folder.appendingPathComponent("assets/style.css"))

        let (builtIn, builtInDiagnostics) = TemplateSet.load(defaultDirectory: nil, overrideDirectory: nil)
        #expect(builtInDiagnostics.isEmpty)
        #expect(builtIn.missing(SiteBuilder.requiredTemplates).isEmpty)

        let (mixed, diagnostics) = TemplateSet.load(defaultDirectory: nil, overrideDirectory: folder.path)
        #expect(diagnostics.isEmpty)
        #expect(mixed.missing(SiteBuilder.requiredTemplates).isEmpty)
        #expect(mixed.render([:], with: "hints.md") == "MINE")
        #expect(mixed.render([:], with: "layout.html") == builtIn.render([:], with: "layout.html"))
        #expect(mixed.assets["style.css"] == Array("body{}".utf8))
        #expect(mixed.assets["brew.js"] == builtIn.assets["brew.js"])
        #expect(mixed.assets["brew.js"]?.isEmpty == false)
    }
}
