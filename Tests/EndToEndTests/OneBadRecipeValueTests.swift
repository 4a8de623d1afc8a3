import Foundation
import Testing
import TestSupport

/// Issue 51: an error inside one recipe's file (a grind label brewguide does not know, a bloom of
/// 90,000 s, a steps CSV row it cannot read) marks that recipe invalid, as a water-total error
/// already did: the rest of the site is built, the recipe's page says why, it is never brewable,
/// `log` and `scale` say why, and its logs still point at it.
@Suite struct OneBadRecipeValueTests {
    /// A copy of the test journal with `edit` applied to the text of `recipes/file`.
    private static func journal(editing file: String, _ edit: (String) -> String) throws -> URL {
        let data = try BrewGuideProcess.copyOfBundledData()
        let url = data.appendingPathComponent("recipes/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text, "the edit changed nothing in \(file)")
        try Data(edited.utf8).write(to: url)
        return data
    }

    @Test func anUnknownGrindLabelMarksOnlyThatRecipeInvalid() throws {
        let data = try Self.journal(editing: "bright-morning.json") {
            $0.replacingOccurrences(of: "\"defaultGrindLabel\": \"medium\"", with: "\"defaultGrindLabel\": \"extrafine\"")
        }
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let site = data.deletingLastPathComponent().appendingPathComponent("site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("bright-morning.json:10:24: error: defaultGrindLabel: unknown value \"extrafine\""), "\(build.stderr)")
        #expect(!build.stderr.contains("names no recipe"), "\(build.stderr)")
        #expect(!build.stderr.contains("no site was written"), "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("recipes/bright-morning.html"), encoding: .utf8)
        #expect(page.contains("This recipe is invalid and cannot be brewed until it is fixed"))
        #expect(page.contains("unknown value"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("brew/bright-morning.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("cards/bright-morning.html").path))
        // The other recipes are built and brewable.
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("brew/v60-starter.html").path))

        let log = try BrewGuideProcess.run(["log", "bright-morning", "--rating", "4", "--data", data.path])
        #expect(log.status == 1)
        #expect(log.stderr.contains("recipe \"bright-morning\" is invalid and cannot be brewed until it is fixed"), "\(log.stderr)")
        #expect(log.stderr.contains("extrafine"), "\(log.stderr)")
        let scale = try BrewGuideProcess.run(["scale", "bright-morning", "--data", data.path])
        #expect(scale.status == 1)
        #expect(scale.stderr.contains("recipe \"bright-morning\" is invalid"), "\(scale.stderr)")
        #expect(!scale.stderr.contains("no recipe with id"), "\(scale.stderr)")
    }

    @Test func aNinetyThousandSecondBloomMarksOnlyThatRecipeInvalid() throws {
        let data = try Self.journal(editing: "bright-morning.json") {
            $0.replacingOccurrences(of: "\"durationSeconds\": 45, \"instructionText\": \"Wet every ground\"",
                                    with: "\"durationSeconds\": 90000, \"instructionText\": \"Wet every ground\"")
        }
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let log = try BrewGuideProcess.run(["log", "bright-morning", "--rating", "4", "--data", data.path])
        #expect(log.status == 1)
        #expect(log.stderr.contains("recipe \"bright-morning\" is invalid"), "\(log.stderr)")
        #expect(!log.stderr.contains("no recipe with id"), "\(log.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.stdout.contains("bright-morning.json:19:"), "\(check.stdout)")
        #expect(!check.stdout.contains("names no recipe"), "\(check.stdout)")
        // Another recipe is still logged.
        let other = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--data", data.path])
        #expect(other.status == 0, "\(other.stderr)")
    }

    @Test func aStepsCSVRowItCannotReadMarksItsRecipeInvalid() throws {
        let data = try Self.journal(editing: "custom-steps.csv") {
            $0.replacingOccurrences(of: "weekend-three-pour,bloom,2,bloom,,45,,,60,", with: "weekend-three-pour,bloom,2,bloom,,90000,,,60,")
        }
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let site = data.deletingLastPathComponent().appendingPathComponent("site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("custom-steps.csv:4:"), "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("recipes/weekend-three-pour.html"), encoding: .utf8)
        #expect(page.contains("This recipe is invalid"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("brew/weekend-three-pour.html").path))
    }

    @Test func aRecipeWithoutAnIdStillStopsTheBuild() throws {
        let data = try Self.journal(editing: "bright-morning.json") {
            $0.replacingOccurrences(of: "\"id\": \"bright-morning\",", with: "")
        }
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let site = data.deletingLastPathComponent().appendingPathComponent("site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 1)
        #expect(build.stderr.contains("missing required field \"id\""), "\(build.stderr)")
        #expect(build.stderr.contains("no site was written"), "\(build.stderr)")
    }
}
