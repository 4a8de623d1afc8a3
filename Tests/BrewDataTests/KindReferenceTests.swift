import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// Generated from the registry: for every id a kind declares that its records name in another
/// kind (`RecordKindDeclaration.references`), a data directory whose record of that kind names a
/// missing id, one letter off an id there is, gets the reference's finding from what `check`
/// reads (the data set's findings and the planner's), at the field, with that id as a did-you-mean.
/// A kind that declares a reference its validator does not check fails here.
@Suite struct KindReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: RecordKind
        let reference: KindReference
        var testDescription: String { "\(kind.rawValue).\(reference.field) → \(reference.target.rawValue)" }
    }

    static let cases: [Case] = RecordKinds.all.flatMap { declaration in
        declaration.references.map { Case(kind: declaration.kind, reference: $0) }
    }

    @Test func someKindsDeclareReferences() {
        #expect(Set(Self.cases.map(\.kind)).isSuperset(of: [.logs, .sessionEntries, .mealPlanSlots, .cookLogs]))
    }

    /// The generator's journal of every kind, in which each declared reference is made once to a
    /// record that exists: a log names a recipe, an alcohol entry a drink preset, a slot a kitchen recipe.
    static func fixture() -> DataSnapshot {
        var generator = RightsGenerator(seed: 39)
        var snapshot = generator.everyKind()
        snapshot.logs[0].recipeId = "recipe-every"
        snapshot.logs[0].beanId = "bean-every"
        let entry = JSONValue.object([
            JSONMember("id", .string("entry-names-preset")), JSONMember("type", .string("alcohol")),
            JSONMember("alcoholMeta", .object([JSONMember("drinkType", .string("beer")), JSONMember("sizeMl", .number(330)),
                                               JSONMember("abv", .number(5)), JSONMember("presetId", .string("preset-every"))])),
        ])
        for (index, file) in snapshot.sessionFiles.enumerated() {
            guard case .json(.array(let sessions)) = file.content, var session = sessions.first,
                  case .array(let entries)? = session["entries"], case .string(let start)? = session["startTime"] else { continue }
            session = session.setting("entries", to: .array(entries + [entry.setting("timestamp", to: .string(start))]))
            snapshot.sessionFiles[index].content = .json(.array([session] + sessions.dropFirst()))
        }
        let slot = #"[{ "id": "slot-recipe-every", "day": "2026-11-25", "meal": "Dinner", "recipeId": "kitchen-recipe-every", "servings": 2, "updatedAt": "2026-11-20T18:00:00Z" }]"#
        snapshot.kitchenFiles.append(SessionFile(relativePath: "kitchen/plan/2026-11-recipes.json",
                                                 content: .json(JSONValue(try! JSONParser.parse(Array(slot.utf8), file: "generated")))))
        return snapshot
    }

    /// The files under `root` where records of `kind` live (an owned kind's: its owner's).
    static func files(of kind: RecordKind, root: String) -> [String] {
        switch kind.rules.place {
        case .within(let owner): return files(of: owner, root: root)
        case .file(let path): return [(root as NSString).appendingPathComponent(path)]
        case .files(let paths): return paths.map { (root as NSString).appendingPathComponent($0) }
        case .folder(let folder):
            let path = (root as NSString).appendingPathComponent(folder)
            let names = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
    }

    /// `value` with the first object that holds `path` (a string at its end) naming `id` there instead; nil when none does.
    static func naming(_ id: String, at path: [String], in value: JSONValue) -> JSONValue? {
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let changed = naming(id, at: path, in: element) {
                    var copy = elements
                    copy[index] = changed
                    return .array(copy)
                }
            }
            return nil
        case .object(let members):
            if path.count == 1, case .string? = value[path[0]] { return value.setting(path[0], to: .string(id)) }
            if path.count > 1, let inner = value[path[0]], case .object = inner, let changed = naming(id, at: Array(path.dropFirst()), in: inner) {
                return value.setting(path[0], to: changed)
            }
            for (index, member) in members.enumerated() {
                if let changed = naming(id, at: path, in: member.value) {
                    var copy = members
                    copy[index] = JSONMember(member.key, changed)
                    return .object(copy)
                }
            }
            return nil
        default:
            return nil
        }
    }

    @Test(arguments: cases)
    func aMissingIDIsFoundWithTheClosest(_ item: Case) throws {
        let snapshot = Self.fixture()
        let present = try #require(snapshot.ids(item.reference.target).last, "the fixture has no \(item.reference.target.rawValue)")
        let missing = present + "x"
        let root = TestPaths.temporary("kind-reference-\(item.kind.rawValue)-\(item.reference.field)").path
        try DataDirectoryWriter.write(snapshot, into: root)
        // The first record of the kind that names an id in the field names the missing one instead.
        var changedFile: String?
        for file in Self.files(of: item.kind, root: root) {
            let bytes = try #require(FileManager.default.contents(atPath: file))
            let value = JSONValue(try JSONParser.parse([UInt8](bytes), file: file))
            if let changed = Self.naming(missing, at: item.reference.field.split(separator: ".").map(String.init), in: value) {
                try Data(CanonicalJSON.bytes(changed, sortKeys: false)).write(to: URL(fileURLWithPath: file))
                changedFile = file
                break
            }
        }
        let file = try #require(changedFile, "the fixture has no \(item.kind.rawValue) naming a \(item.reference.target.rawValue) in \(item.reference.field)")

        let read = DataDirectoryReader(root: root).read()
        let findings = read.validated.diagnostics + MealPlanContext.load(root: root, dataset: read.validated.dataset).diagnostics
        let named = findings.filter { $0.message.contains("\"\(missing)\"") }
        #expect(named.count == 1, "\(findings.map(\.description))")
        let finding = try #require(named.first)
        #expect(finding.severity == item.reference.severity)
        #expect(finding.message.contains("did you mean \"\(present)\"?"), "\(finding.description)")
        // At the field: its file, and a line of it that holds the field's name.
        #expect(finding.location.file == file)
        let lines = String(decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = finding.location.line
        #expect(finding.location.column != nil, "\(finding.description)")
        let leaf = String(item.reference.field.split(separator: ".").last!)
        #expect(lines[line - 1].contains("\"\(leaf)\""), "\(finding.description)")
    }
}
