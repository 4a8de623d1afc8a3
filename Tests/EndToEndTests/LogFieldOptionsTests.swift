@testable import brewguide
import BrewData
import Foundation
import Testing
import TestSupport

/// A settable log field is its one line of `LogField.all`: `log`'s options are checked against the
/// table both ways and read into one map by field (`LogCommand.given`, `GivenLogFields`), the served
/// form's fields are made from it (`SaveFormFields`, read by `pages.js` from the brew-along page's
/// data), and a value that is not what it takes is said as the person typed it.
@Suite struct LogFieldOptionsTests {
    /// What the page's script sends itself, not as a field of the form: the time of the tap.
    static let sentByTheScript: Set<String> = ["at"]

    /// The option names of the fields `log` sets.
    static var settableNames: Set<String> { Set(LogField.settable.compactMap(\.option?.name)) }

    @Test func everySettableFieldIsAnOptionOfLogAndEveryOptionSetsAField() throws {
        let command = try LogCommand.parse(["v60-starter", "--rating", "4"])
        let options = Set(LogCommand.optionValues(of: command).map(\.name))
        #expect(options == Self.settableNames, "options with no field: \(options.subtracting(Self.settableNames)); fields with no option: \(Self.settableNames.subtracting(options))")
        for name in Self.settableNames {
            #expect(LogCommand.helpMessage(columns: 400).contains("--\(name) "), "log --help has no --\(name)")
        }
    }

    @Test func eachOptionGivenReachesItsFieldOfTheRequest() throws {
        let command = try LogCommand.parse([
            "v60-starter", "--rating", "4", "--tag", "tooSour", "--note", " spaced ", "--dose", "15.5", "--yield", "250", "--temperature", "94",
            "--grind", "fine", "--at", "2026-10-01T07:00", "--bean", "Kenya", "--roaster", "Square Mile", "--bean-id", "bean-kenya",
            "--grinder-setting", "18", "--brew-time", "3:05", "--tds", "1.35", "--beverage", "212", "--brix", "1.6",
        ])
        #expect(Set(command.given.keys.map(\.name)) == Set(LogField.settable.map(\.name)), "every option given is in the map")
        let (request, errors) = GivenLogFields.reading(recipeId: "v60-starter", given: command.given, naming: { $0.option!.flag }, infinityIsANumber: true)
        #expect(errors.isEmpty && request.unreadOptions.isEmpty, "\(errors) \(request.unreadOptions)")
        #expect(request.rating == 4 && request.at == "2026-10-01T07:00")
        #expect(request.texts == ["tasteTag": "tooSour", "note": " spaced ", "grindLabel": "fine", "bean": "Kenya", "roaster": "Square Mile",
                                  "beanId": "bean-kenya", "grinderSetting": "18"])
        #expect(request.numbers == ["doseGrams": 15.5, "targetYieldGrams": 250, "waterTemperatureCelsius": 94])
        #expect(request.measures == ["brewTimeSeconds": 185, "tds": 1.35, "beverageGrams": 212, "brix": 1.6])
    }

    @Test func aValueThatIsNotANumberIsSaidAtItsOption() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let beverage = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--beverage", "x", "--data", data.path])
        #expect(beverage.status == 64, "a usage error, as ArgumentParser's was")
        #expect(beverage.stderr.contains("--beverage: expected a number, found \"x\""), "\(beverage.stderr)")
        #expect(!beverage.stderr.contains("beverageGrams") && !beverage.stderr.contains("beverage-grams"), "\(beverage.stderr)")
        #expect(beverage.stderr.contains("Usage: brewguide log "), "log's own usage, not the top command's: \(beverage.stderr)")
        let tds = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--tds", "200", "--data", data.path])
        #expect(tds.status == 1)
        #expect(tds.stderr.contains("--tds: error: "), "said at the option: \(tds.stderr)")
        #expect(!tds.stderr.contains("(--tds)") && !tds.stderr.contains("error: tds:"), "\(tds.stderr)")
    }

    @Test func theServedFormsRefusalsNameItsLabels() throws {
        guard case .failure(let refusal) = ServedLogWrite.request(from: ["recipe": "v60-starter", "tds": "lots", "beverage": "a cup", "dose": "1e400"]) else {
            Issue.record("values that are not numbers were taken")
            return
        }
        #expect(refusal.errors == [
            "Dose (g): expected a number, found \"1e400\"",
            "Rating: how it tasted, 1 to 5 stars, is missing",
            "TDS (%): expected a number, found \"lots\"",
            "Beverage (g): expected a number, found \"a cup\"",
        ], "\(refusal.errors)")
    }

    /// The served form's fields are `LogField.all`'s settable ones (but the time, which the page's
    /// script sends), as the built brew-along page declares them to `pages.js`, with the labels,
    /// units, bounds and folds of their declaration.
    @Test func theServedFormsFieldsAreTheSettableOnes() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let fields = try Self.formFields(site.appendingPathComponent("brew/v60-starter.html"))
        let names = fields.compactMap { $0["name"] as? String }
        #expect(Set(names) == Self.settableNames.subtracting(Self.sentByTheScript), "\(names)")
        #expect(names.count == Set(names).count, "each once")
        #expect(Set(names) == ServedLogWrite.fields.subtracting(["recipe"]).subtracting(Self.sentByTheScript), "what the form sends is what the served write takes")
        #expect(names.first == "rating", "the one it asks for first")
        for field in fields {
            let name = try #require(field["name"] as? String)
            let declared = try #require(LogField.settable.first { $0.option?.name == name })
            let form = try #require(declared.option?.form)
            #expect(field["label"] as? String == form.shownLabel(for: declared.value))
            #expect((field["folded"] as? Bool ?? false) == form.isFolded, "\(name)")
            if case .number(let unit) = declared.value, form.input == .fromKind {
                #expect(field["input"] as? String == "number" && field["unit"] as? String == unit, "\(name)")
                #expect(field["max"] as? Double == FieldBounds.number(declared.name).maximum, "\(name)")
                #expect((field["label"] as? String)?.hasSuffix("(\(unit))") == true, "\(name)")
            }
            if case .enumeration(let allowed) = declared.value, name != "tag" {
                #expect((field["choices"] as? [[String]])?.map(\.[0]) == allowed, "\(name)")
            }
        }
        #expect(fields.first { $0["name"] as? String == "tds" }?["label"] as? String == "TDS (%)")
        #expect(fields.first { $0["name"] as? String == "dose" }?["value"] as? Double == 15)
    }

    /// The page script names no field of the log: what it sends is what the page declares.
    @Test func thePageScriptListsNoLogField() throws {
        let script = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Templates/assets/served/pages.js"), encoding: .utf8)
        for name in ["grinder-setting", "brew-time", "bean-id", "beverage", "brix", "tds", "temperature"] {
            #expect(!script.contains("\"\(name)\""), "pages.js names \(name)")
        }
    }

    /// `plan.log.fields` of a built brew-along page.
    static func formFields(_ page: URL) throws -> [[String: Any]] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"brew-plan\">")).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let json = String(html[start..<end]).replacingOccurrences(of: "\\u003c", with: "<")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let log = try #require(plan["log"] as? [String: Any])
        return try #require(log["fields"] as? [[String: Any]])
    }
}
