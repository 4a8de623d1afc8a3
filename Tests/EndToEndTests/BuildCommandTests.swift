import Foundation
import Testing
import TestSupport

@Suite("brewguide build, end to end")
struct BuildCommandTests {
    @Test func buildsTheSiteAndItsMarkdownTwin() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Site")
        let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("built \(output.path): "))
        for page in ["index", "recipes/v60-starter", "logs/index", "logs/2026/08/log-20260806-0745"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page + ".html").path), "\(page).html")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page + ".md").path), "\(page).md")
        }
        // Nothing is left beside the site.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(siblings == ["Site"])
    }

    @Test func aSecondBuildLeavesNothingBesideTheSiteUnlessAskedTo() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Site")
        for _ in 0..<2 {
            let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", output.path, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Site"])
        }
        let kept = try BrewGuideProcess.run(["build", "--data", "Data", "--output", output.path, "--quiet", "--keep-staging"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [".Site.staging", "Site"])
        // The kept copy is used and then removed by the next build that does not keep it.
        #expect(try BrewGuideProcess.run(["build", "--data", "Data", "--output", output.path, "--quiet"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Site"])
    }

    @Test func scriptInANoteComesOutInert() throws {
        let directory = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Site")
        let result = try BrewGuideProcess.run(["build", "--data", "Tests/BrewDataTests/Fixtures/valid", "--output", output.path, "--quiet"], in: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: output.appendingPathComponent("logs/2026/03/first-brew.html"), encoding: .utf8)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("javascript:"))
        // Issue 51: what was typed is shown as text, not hidden in a comment.
        #expect(html.contains("Bright. &lt;script&gt;alert(1)&lt;/script&gt;"), "\(html)")
        #expect(!html.contains("raw HTML omitted"))
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let directory = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.path, "--quiet"]).status == 0)
        let before = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)

        let broken = data.appendingPathComponent("logs/2026-08.json")
        try "[{\"id\": \"x\",".write(to: broken, atomically: true, encoding: .utf8)
        let result = try BrewGuideProcess.run(["build", "--data", data.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("2026-08.json:1:13: error: expected a quoted key, found the end of the file"))
        #expect(result.stderr.contains("the site in \(output.path) was left as it was"))
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(siblings == ["Data", "Site"])
    }
}
