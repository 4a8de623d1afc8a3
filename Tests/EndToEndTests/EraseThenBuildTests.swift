import Foundation
import Testing

/// After an erasure and a build, nothing of the erased records is left on disk: not in the site,
/// and not in the staging copy a build keeps beside it with `--keep-staging`.
@Suite("Erase, then build")
struct EraseThenBuildTests {
    /// Every file under a folder, with its text.
    static func texts(under root: URL) throws -> [String: String] {
        var texts: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular {
                texts[relative] = String(decoding: FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) ?? Data(), as: UTF8.self)
            }
        }
        return texts
    }

    @Test func anErasedLogLeavesNoTraceInTheSiteOrItsStagingCopy() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("Site")
        let staging = root.appendingPathComponent(".Site.staging")
        let erased = "log-20260806-0805"
        // A note no other log has, to look for afterwards.
        let note = "Private tasting note 7f3a, only in this log."
        let august = data.appendingPathComponent("logs/2026-08.json")
        let text = try String(contentsOf: august, encoding: .utf8)
        #expect(text.contains("\"note\": \"Best cup this week. Guatemala Antigua, new bag.\""))
        try text.replacingOccurrences(of: "\"note\": \"Best cup this week. Guatemala Antigua, new bag.\"", with: "\"note\": \"\(note)\"")
            .write(to: august, atomically: true, encoding: .utf8)

        // Two builds, so both copies exist and hold the log.
        for _ in 0..<2 {
            let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet", "--keep-staging"])
            #expect(build.status == 0, "\(build.stderr)")
        }
        #expect(try Self.texts(under: staging).values.contains { $0.contains(note) }, "the staging copy holds the log before the erasure")

        let erase = try BrewGuideProcess.run(["erase", "--data", data.path, "--log", erased, "--yes"])
        #expect(erase.status == 0, "\(erase.stderr)")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet", "--keep-staging"])
        #expect(build.status == 0, "\(build.stderr)")

        for folder in [site, staging] {
            let texts = try Self.texts(under: folder)
            #expect(texts.count > 100, "\(folder.lastPathComponent) holds a site")
            let traces = texts.filter { $0.key.contains(erased) || $0.value.contains(erased) || $0.value.contains(note) }.keys.sorted()
            #expect(traces.isEmpty, "\(folder.lastPathComponent) still mentions the erased log: \(traces)")
        }
    }
}
