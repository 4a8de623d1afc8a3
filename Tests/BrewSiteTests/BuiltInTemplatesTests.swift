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

    /// Issue 49, "browser code is code": the pages' scripts are files under assets/ (the kitchen's
    /// and the brew-along's copied into the site, named by the pages), the served page script
    /// under assets/served/ (never copied into the site); a folder's file replaces each of them.
    @Test func thePageScriptsAreAssetFilesAndTheServedOneStaysOutOfTheSite() throws {
        let (builtIn, _) = TemplateSet.load(defaultDirectory: nil, overrideDirectory: nil)
        for asset in ["cook.js", "shopping.js", "kitchen-search.js", "brew.js"] {
            #expect(builtIn.assets[asset]?.isEmpty == false, "\(asset)")
        }
        let served = try #require(builtIn.servedScripts["pages.js"])
        #expect(String(decoding: served, as: UTF8.self).contains("/_api/status"))
        #expect(!builtIn.assets.keys.contains { $0.hasPrefix("served/") })
        // The web app's scripts are served ones too: the built site has no service worker.
        for name in ["sw.js", "offline.js", "wake.js"] {
            #expect(builtIn.servedScripts[name]?.isEmpty == false, "\(name)")
            #expect(!builtIn.assets.keys.contains { $0.hasSuffix(name) }, "\(name)")
        }
        // Nothing the page sends is read back out of a printed command line.
        #expect(!String(decoding: served, as: UTF8.self).contains("--brew-time"))
        #expect(!String(decoding: served, as: UTF8.self).contains("querySelector(\"code\")"))

        let folder = TestPaths.temporary("templates-served-override")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets/served"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("// mine".utf8).write(to: folder.appendingPathComponent("assets/served/pages.js"))
        try Data("// my cook".utf8).write(to: folder.appendingPathComponent("assets/cook.js"))
        let (mixed, diagnostics) = TemplateSet.load(defaultDirectory: nil, overrideDirectory: folder.path)
        #expect(diagnostics.isEmpty)
        #expect(mixed.servedScripts["pages.js"] == Array("// mine".utf8))
        #expect(mixed.assets["cook.js"] == Array("// my cook".utf8))
        #expect(mixed.assets["shopping.js"] == builtIn.assets["shopping.js"])
    }
}
