import Foundation
import Testing
import TestSupport

/// The user docs (README.md and docs/*.md but ARCHITECTURE.md) speak to people who installed the
/// tool: no product-document section numbers, user-story or test-case ids or issue numbers there
/// (contributors find them in docs/design/PROVENANCE.md).
@Suite("User docs wording")
struct UserDocsWordingTests {
    /// The user docs there are when the test runs.
    static func userDocs() throws -> [URL] {
        let docs = TestPaths.packageRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") && $0 != "ARCHITECTURE.md" }
            .sorted().map { docs.appendingPathComponent($0) }
        return [TestPaths.packageRoot.appendingPathComponent("README.md")] + pages
    }

    /// What a provenance number looks like: `PRD 3.8`, `§9.3`, `US-017`, `TC-133`, `issue 27`,
    /// `MOD/SYS/003.3` or `SYS/012.1` alone (issue 51: docs/KITCHEN.md cited one so), and a product
    /// document named by its number (`004`, `(003)`).
    static func hasProvenance(_ line: some StringProtocol) -> Bool {
        let pattern = #"PRD|§|\bUS-\d|\bTC-\d|\b[Ii]ssues? #?\d|MOD/[A-Z]+/|\b(?:SYS|DATA|MOD)/\d|(?<![\w,.\\])00[0-4](?![\d,])"#
        let expression = try! NSRegularExpression(pattern: pattern)
        let text = String(line)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func noSectionIssueOrTestCaseNumbers() throws {
        var found: [String] = []
        for page in try Self.userDocs() {
            let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where Self.hasProvenance(line) {
                found.append("\(page.lastPathComponent):\(index + 1): \(line)")
            }
        }
        #expect(found.isEmpty, "move these to docs/design/PROVENANCE.md:\n\(found.joined(separator: "\n"))")
    }

    /// Every command's `--help` speaks to users as the docs do: walked from `brewguide --help`
    /// through each SUBCOMMANDS list, so a command added later is read too.
    @Test func noProvenanceInAnyCommandsHelp() throws {
        var pending: [[String]] = [[]], found: [String] = [], read = 0
        while let path = pending.popLast() {
            let result = try BrewGuideProcess.run(path + ["--help"])
            read += 1
            for line in result.stdout.split(separator: "\n") where Self.hasProvenance(line) {
                found.append("brewguide \(path.joined(separator: " ")) --help: \(line)")
            }
            guard let list = result.stdout.range(of: "SUBCOMMANDS:\n") else { continue }
            // The list ends at its first blank line.
            for line in result.stdout[list.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix(while: { !$0.isEmpty }) {
                // A subcommand's line starts with two spaces and its name; its wrapped abstract with more.
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                      name.allSatisfy({ $0.isLowercase || $0 == "-" }), name != "help", path.count < 3 else { continue }
                pending.append(path + [String(name)])
            }
        }
        #expect(read > 30, "only \(read) commands' help was read")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func thePatternFindsWhatItShould() {
        for line in ["as PRD 4.2 asks", "(§9.3)", "(US-001)", "TC-133", "before issue 27", "MOD/SYS/014", "67 g fats (SYS/012.1)", "the data model (004)", "003's migration"] {
            #expect(Self.hasProvenance(line), "\(line)")
        }
        for line in ["1,000 g", "`\\u003c`", "at 100,000 logs", "0.004 g", "kitchen/shopping.json", "and/or 012"] {
            #expect(!Self.hasProvenance(line), "\(line)")
        }
    }
}
