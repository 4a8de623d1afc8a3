@testable import BrewClip
@testable import BrewData
import Foundation
import Testing

/// The Cooklang specification's canonical parser tests (`Fixtures/cooklang/canonical.yaml`, MIT,
/// version 7): every case's steps (text, ingredients with quantities and units, cookware, timers)
/// and metadata, compared with what `CooklangParser` reads. All sixty concern what the kitchen
/// stores (ingredients, step text, metadata), so all sixty run.
struct CooklangCanonicalTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var source: String
        /// Each step's items as `type|name|quantity|units` or `text|value`; a number as `n:…`, text as `s:…`.
        var steps: [[String]] = []
        var metadata: [String] = []
        var description: String { name }
    }

    static let cases: [Case] = {
        guard let text = try? String(contentsOfFile: Fixture.absolutePath("cooklang/canonical.yaml"), encoding: .utf8) else { return [] }
        return parse(text)
    }()

    @Test func theFileHoldsSixtyCases() {
        #expect(Self.cases.count == 60)
        #expect(Self.cases.filter { !$0.steps.isEmpty }.count == 54, "all but the six metadata and comment cases have steps")
        #expect(Self.cases.first { $0.name == "testDirectionWithIngredient" }?.steps.first?.count == 7)
    }

    @Test(arguments: cases) func canonicalCase(_ testCase: Case) {
        let recipe = CooklangParser.parse(testCase.source)
        #expect(recipe.steps.map { $0.map(Self.canonical) } == testCase.steps, "\(testCase.name)")
        #expect(recipe.metadata.map { "\($0.key)=\($0.value)" } == testCase.metadata, "\(testCase.name)")
    }

    /// What the kitchen keeps of a few cases: the step's words, the ingredient's amount as written.
    @Test func kitchenReadingOfCanonicalCases() throws {
        let recipe = try CooklangRecipeReader.read(
            text: "Add @chilli{3%items}, @ginger{10%g} and @milk{1%l}.\n\nFry in #frying pan{} for ~{1/2%hour} -- comment\n",
            name: "Test", origin: "test.cook", sourceBytes: [])
        #expect(recipe.ingredientParts == [.init(amount: "3 items", name: "chilli"), .init(amount: "10 g", name: "ginger"), .init(amount: "1 l", name: "milk")])
        #expect(recipe.clipped.steps == ["Add chilli, ginger and milk.", "Fry in frying pan for 1/2 hour"])
        #expect(recipe.clipped.title == "Test")
    }

    static func canonical(_ item: CooklangRecipe.Item) -> String {
        func value(_ quantity: String?, missing: String) -> String {
            guard let quantity else { return missing }
            return CooklangParser.number(quantity).map { "n:\($0)" } ?? "s:\(quantity)"
        }
        switch item {
        case .text(let text): return "text|s:\(text)"
        case .ingredient(let name, let quantity, let units, _): return "ingredient|\(name)|\(value(quantity, missing: "s:some"))|\(units)"
        case .cookware(let name, let quantity): return "cookware|\(name)|\(value(quantity, missing: "n:1.0"))|"
        case .timer(let name, let quantity, let units): return "timer|\(name)|\(value(quantity, missing: "s:"))|\(units)"
        }
    }

    /// Just enough YAML for this file: cases at indent 2, `source: |` blocks, steps as lists of
    /// maps, metadata as a map.
    static func parse(_ text: String) -> [Case] {
        var cases: [Case] = []
        var current: Case?
        var inSource = false, inMetadata = false
        var item: [String: String] = [:]
        func flushItem() {
            guard !item.isEmpty, current != nil, !current!.steps.isEmpty else { item = [:]; return }
            let type = item["type"] ?? ""
            let entry: String
            switch type {
            case "text": entry = "text|\(item["value"] ?? "")"
            case "cookware": entry = "cookware|\(unquoted(item["name"]))|\(item["quantity"] ?? "n:1.0")|"
            default: entry = "\(type)|\(unquoted(item["name"]))|\(item["quantity"] ?? "")|\(unquoted(item["units"]))"
            }
            current!.steps[current!.steps.count - 1].append(entry)
            item = [:]
        }
        func finish() {
            flushItem()
            if let current { cases.append(current) }
        }
        for line in text.components(separatedBy: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if inSource {
                if indent >= 6 || content.isEmpty {
                    current?.source += (content.isEmpty ? "" : String(line.dropFirst(6))) + "\n"
                    continue
                }
                inSource = false
                // A block scalar keeps one line break at its end.
                while current?.source.hasSuffix("\n\n") == true { current?.source.removeLast() }
            }
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 2, content.hasSuffix(":") {
                finish()
                current = Case(name: String(content.dropLast()), source: "")
                inMetadata = false
                continue
            }
            guard current != nil else { continue }
            if content == "source: |" { inSource = true; continue }
            if content.hasPrefix("metadata:") { flushItem(); inMetadata = true; continue }
            if content.hasPrefix("steps:") { inMetadata = false; continue }
            if inMetadata, indent == 8, let colon = content.firstIndex(of: ":") {
                let key = unquoted(String(content[..<colon])), value = unquoted(String(content[content.index(after: colon)...]))
                current!.metadata.append("\(key)=\(value)")
                continue
            }
            if content == "-" { flushItem(); current!.steps.append([]); continue }
            var field = content
            if field.hasPrefix("- ") { flushItem(); field.removeFirst(2) }
            guard let colon = field.firstIndex(of: ":") else { continue }
            let key = String(field[..<colon]), raw = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "quantity" || key == "value" {
                item[key] = raw.hasPrefix("\"") ? "s:" + unquoted(raw) : (Double(raw).map { "n:\($0)" } ?? "s:" + raw)
            } else {
                item[key] = raw
            }
        }
        finish()
        return cases
    }

    static func unquoted(_ text: String?) -> String {
        var value = (text ?? "").trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        return value
    }
}
