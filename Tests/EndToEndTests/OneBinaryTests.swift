import Foundation
import Testing
import TestSupport

/// The binary carries its templates: copied away from the checkout it builds the same site, a
/// `Templates/` in the current directory is not used unless named, `templates copy` writes the
/// built-in files, and `Scripts/install.sh` installs a working brewguide with completions.
///
/// These run the debug binary the other end-to-end tests run (a release build takes minutes on a
/// small machine): templates are found the same way in both, compiled in by the same plugin.
@Suite("One binary, end to end")
struct OneBinaryTests {
    /// Every file under `folder`, by relative path, with its bytes.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    /// Runs `binary` in `directory` with no BREWGUIDE_TEMPLATES.
    static func run(_ binary: URL, _ arguments: [String], in directory: URL) throws -> BrewGuideProcess.Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BREWGUIDE_TEMPLATES"] = nil
        environment["BREWGUIDE_NOW"] = BrewGuideProcess.fixedNow
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func aCopiedBinaryBuildsTheSameSiteAsTheCheckout() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binFolder = folder.appendingPathComponent("bin")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: binFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let copied = binFolder.appendingPathComponent("brewguide")
        try FileManager.default.copyItem(at: BrewGuideProcess.binary, to: copied)

        #expect(try Self.run(copied, ["init", "journal"], in: work).status == 0)
        let built = try Self.run(copied, ["build", "--data", "journal", "--output", "site"], in: work)
        #expect(built.status == 0, "\(built.stderr)")
        // The checkout's way: the binary in .build, the templates named from the source tree (the
        // same --data, which the brew-along page's `brewguide log` line repeats).
        let fromCheckout = try BrewGuideProcess.run(
            ["build", "--data", "journal", "--output", folder.appendingPathComponent("checkout-site").path,
             "--templates", TestPaths.packageRoot.appendingPathComponent("Templates").path],
            in: work)
        #expect(fromCheckout.status == 0, "\(fromCheckout.stderr)")
        let site = try Self.tree(work.appendingPathComponent("site"))
        let checkoutSite = try Self.tree(folder.appendingPathComponent("checkout-site"))
        #expect(site.count > 10)
        #expect(site.keys.sorted() == checkoutSite.keys.sorted())
        let differing = site.keys.filter { site[$0] != checkoutSite[$0] }.sorted()
        #expect(differing.isEmpty, "differ: \(differing)")
    }

    @Test func aTemplatesFolderInTheCurrentDirectoryIsUsedOnlyWhenNamed() throws {
        let work = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let templates = work.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("MINE {{{content}}}".utf8).write(to: templates.appendingPathComponent("layout.html.mustache"))
        #expect(try Self.run(BrewGuideProcess.binary, ["init", "journal"], in: work).status == 0)

        #expect(try Self.run(BrewGuideProcess.binary, ["build", "--data", "journal", "--output", "plain"], in: work).status == 0)
        let plain = try String(contentsOf: work.appendingPathComponent("plain/index.html"), encoding: .utf8)
        #expect(!plain.hasPrefix("MINE"))
        #expect(plain.contains("<html"))

        // Named, it replaces the layout alone; every other template is the built-in one.
        let named = try Self.run(BrewGuideProcess.binary, ["build", "--data", "journal", "--output", "named", "--templates", "Templates"], in: work)
        #expect(named.status == 0, "\(named.stderr)")
        let page = try String(contentsOf: work.appendingPathComponent("named/index.html"), encoding: .utf8)
        #expect(page.hasPrefix("MINE"))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("named/assets/style.css").path))
    }

    @Test func templatesCopyWritesTheBuiltInFilesAndRefusesToOverwrite() throws {
        let work = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let copied = try Self.run(BrewGuideProcess.binary, ["templates", "copy", "theme"], in: work)
        #expect(copied.status == 0, "\(copied.stderr)")
        let theme = work.appendingPathComponent("theme")
        let written = try Self.tree(theme)
        let source = try Self.tree(TestPaths.packageRoot.appendingPathComponent("Templates")).filter { !$0.key.hasPrefix(".") && !$0.key.contains("/.") }
        #expect(written == source)

        let mine = Data("my layout".utf8)
        try mine.write(to: theme.appendingPathComponent("layout.html.mustache"))
        try FileManager.default.removeItem(at: theme.appendingPathComponent("log.md.mustache"))
        let again = try Self.run(BrewGuideProcess.binary, ["templates", "copy", "theme"], in: work)
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing was written"))
        #expect(try Data(contentsOf: theme.appendingPathComponent("layout.html.mustache")) == mine)
        #expect(!FileManager.default.fileExists(atPath: theme.appendingPathComponent("log.md.mustache").path))
    }

    /// The debug binary the tests run loads the toolchain's runtime; the release of Scripts/package.sh
    /// says "static Swift runtime" (checked by Scripts/package-test.sh).
    @Test func versionNamesTheCommitAndTheRuntime() throws {
        let result = try BrewGuideProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("brewguide 0.1.0 (commit "))
        #expect(result.stdout.hasSuffix(", shared Swift runtime)\n"), "\(result.stdout)")
        let commit = result.stdout.dropFirst("brewguide 0.1.0 (commit ".count).split(separator: ",").first
        #expect(commit.map { !$0.isEmpty && $0 != "unknown" } == true)
    }

    /// `install.sh --binary` installs the binary already built (no second build in the tests) and
    /// `BREWGUIDE_NO_MAN=1` skips the man pages (they need a release build of generate-manual).
    @Test func installScriptInstallsAWorkingBinaryWithCompletions() throws {
        let prefix = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        func install(_ arguments: [String]) throws -> Int32 { try Self.install(arguments).status }
        #expect(try install(["--binary", BrewGuideProcess.binary.path, prefix.path]) == 0)
        let installed = prefix.appendingPathComponent("bin/brewguide")
        let work = prefix.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        #expect(try Self.run(installed, ["init", "j"], in: work).status == 0)
        #expect(try Self.run(installed, ["build", "--data", "j"], in: work).status == 0)
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Site/index.html").path))
        for (path, marker) in [("share/bash-completion/completions/brewguide", "complete"),
                               ("share/zsh/site-functions/_brewguide", "#compdef brewguide"),
                               ("share/fish/vendor_completions.d/brewguide.fish", "complete -c 'brewguide'")] {
            let text = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(marker), "\(path)")
            #expect(text.contains("templates"), "\(path) completes the templates command")
        }
        // A completion the person changed since is kept and said; the rest is removed, each said.
        let fish = prefix.appendingPathComponent("share/fish/vendor_completions.d/brewguide.fish")
        try Data("# my own\n".utf8).write(to: fish)
        let uninstall = try Self.install(["--uninstall", prefix.path])
        #expect(uninstall.status == 0)
        #expect(uninstall.output.contains("removed \(installed.path)"), "\(uninstall.output)")
        #expect(uninstall.output.contains("kept \(fish.path): it changed since the install"), "\(uninstall.output)")
        #expect(uninstall.output.contains("Removed 3 files of brewguide from \(prefix.path); kept 1 changed since"), "\(uninstall.output)")
        #expect(!FileManager.default.fileExists(atPath: installed.path))
        #expect(FileManager.default.fileExists(atPath: fish.path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("j/preferences.json").path))
    }

    /// `--uninstall` where nothing was installed removes nothing, the person's own `bin/brewguide`
    /// wrapper included, and says so (issue 45: it removed every brewguide-named file and said "Removed").
    @Test func uninstallWhereNothingWasInstalledRemovesNothingAndSaysSo() throws {
        let prefix = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let wrapper = prefix.appendingPathComponent("bin/brewguide")
        try FileManager.default.createDirectory(at: wrapper.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexec ~/src/brewguide/.build/debug/brewguide \"$@\"\n".utf8).write(to: wrapper)
        let result = try Self.install(["--uninstall", prefix.path])
        #expect(result.status == 0)
        #expect(result.output.contains("Nothing was installed under \(prefix.path) by this script"), "\(result.output)")
        #expect(result.output.contains("not removed, as no install recorded it: \(wrapper.path)"), "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: wrapper.path))
    }

    /// Runs `Scripts/install.sh` without man pages; its status and standard output.
    static func install(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = TestPaths.packageRoot.appendingPathComponent("Scripts/install.sh")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BREWGUIDE_NO_MAN"] = "1"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
