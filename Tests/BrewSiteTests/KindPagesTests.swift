import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Generated from the registry (`RecordKinds.all`): for every kind, one of its records is taken
/// out of the test journal's files, and `watch`'s change set (`SiteChanges.between`) must hold
/// every page whose bytes differ from the site made before (and remove every page that went),
/// and each such page must be of a group the kind declares (`RecordKindDeclaration.pageGroups`).
/// A kind whose records show on a page that `watch` does not make again fails here.
@Suite struct KindPagesTests {
    static let now = ISO8601.date(from: "2026-11-24T12:00:00Z")!

    /// The test journal, with the kinds it lacks added: a kitchen inbox, cook logs, the ledger.
    static func journal(_ name: String) throws -> String {
        let root = TestPaths.temporary("kind-pages-\(name)").path
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.copyItem(atPath: TestPaths.journal.path, toPath: root)
        func write(_ text: String, _ path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: (root as NSString).appendingPathComponent(path)))
        }
        try write(#"{ "entries": [{ "id": "inbox-one", "type": "url", "content": "https://example.com/soup", "createdAt": "2026-11-20T18:00:00Z", "status": "pending" }] }"#, "kitchen/inbox.json")
        try write(#"[{ "id": "cook-one", "recipeId": "lentil-soup", "cookedAt": "2026-11-24T19:00:00+01:00", "rating": 4, "note": "again" }, { "id": "cook-two", "recipeId": "shakshuka", "cookedAt": "2026-11-23T09:00:00+01:00" }]"#, "kitchen/cooked.json")
        try ErasureLedger.write([ErasureRecord(kind: .log, id: "log-gone", erasedAt: Date(timeIntervalSince1970: 1_760_000_000))], root: root)
        return root
    }

    /// Every page of the site made from `root`, by path without extension, and its plan.
    static func site(_ root: String) -> (plan: SitePlan, pages: [String: [UInt8]]) {
        let validated = DataDirectoryReader(root: root).read().validated
        let context = MealPlanContext.load(root: root, dataset: validated.dataset)
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        let renderer = PageRenderer(templates: templates)
        let planPages = MealPlanPages(plan: context.plan, recipes: context.recipes, erasedRecipeIDs: context.erasedRecipeIDs,
                                      now: now, linksRecipes: MealPlanPages.linksKitchenRecipes)
        let plan = SiteBuilder(renderer: renderer).plan(validated, now: now, mealPlan: planPages, amountReader: KitchenRecipeSource.amountReader)
        var pages: [String: [UInt8]] = [:]
        for source in plan.sources {
            let path = plan.path(of: source)
            for file in renderer.render(plan.page(for: source)) { pages[path, default: []] += file.contents }
        }
        return (plan, pages)
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
            return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".csv") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
    }

    static func text(_ value: JSONValue, _ key: String) -> String? {
        if case .string(let text)? = value[key] { return text }
        return nil
    }

    /// `value` without the first object whose `field` is `id`: at the top of the file too when
    /// `top`, else only nested in another record; nil when there is none.
    static func removing(_ id: String, field: String, top: Bool, from value: JSONValue, depth: Int = 0) -> JSONValue? {
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if case .object = element, Self.text(element, field) == id, top || depth > 0 {
                    var copy = elements
                    copy.remove(at: index)
                    return .array(copy)
                }
                if let changed = removing(id, field: field, top: top, from: element, depth: depth + 1) {
                    var copy = elements
                    copy[index] = changed
                    return .array(copy)
                }
            }
            return nil
        case .object(let members):
            for (index, member) in members.enumerated() {
                if let changed = removing(id, field: field, top: top, from: member.value, depth: depth + 1) {
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

    /// Takes one record of `kind` out of its files under `root` (a kind of one record: its file);
    /// returns what was taken, nil when no record of it was found.
    static func takeOneRecord(of kind: RecordKind, root: String) throws -> String? {
        let files = files(of: kind, root: root).filter { FileManager.default.fileExists(atPath: $0) }
        guard let field = kind.rules.identity.idField else {
            for file in files { try FileManager.default.removeItem(atPath: file) }
            return files.isEmpty ? nil : "\(kind.rawValue): its file"
        }
        // A record nested in its owner's (an entry in its session) is looked for below the top of the file only.
        let top = kind.rules.identity.owner == nil || kind.rules.place == .folder(kind.folderName)
        for id in try DataSnapshot.load(root: root).ids(kind).reversed() {
            for file in files {
                let bytes = [UInt8](try #require(FileManager.default.contents(atPath: file)))
                if file.hasSuffix(".csv") {
                    var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
                    guard let column = lines.first?.components(separatedBy: ",").firstIndex(of: field) else { continue }
                    if let row = lines.indices.dropFirst().first(where: { lines[$0].components(separatedBy: ",").dropFirst(column).first == id }) {
                        lines.remove(at: row)
                        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
                        return "\(kind.rawValue) \(id) in \(file)"
                    }
                } else if let value = try? JSONValue(JSONParser.parse(bytes, file: file)) {
                    if top, case .object = value, Self.text(value, field) == id {
                        try FileManager.default.removeItem(atPath: file)
                        return "\(kind.rawValue) \(id): \(file)"
                    }
                    if let changed = removing(id, field: field, top: top, from: value) {
                        try Data(CanonicalJSON.bytes(changed, sortKeys: false)).write(to: URL(fileURLWithPath: file))
                        return "\(kind.rawValue) \(id) in \(file)"
                    }
                }
            }
        }
        return nil
    }

    @Test(arguments: RecordKinds.kinds)
    func watchRemakesEveryPageThatShowsIt(_ kind: RecordKind) throws {
        let root = try Self.journal(kind.rawValue)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = Self.site(root)
        let taken = try #require(try Self.takeOneRecord(of: kind, root: root), "the test journal has no \(kind.rawValue) to take out")
        let after = Self.site(root)
        let changes = SiteChanges.between(before.plan, after.plan)
        let remade = Set(changes.sources.map(after.plan.path(of:)))
        let differ = after.pages.keys.filter { before.pages[$0] != after.pages[$0] }.sorted()
        let gone = before.pages.keys.filter { after.pages[$0] == nil }.sorted()
        #expect(differ.filter { !remade.contains($0) }.isEmpty, "\(taken): watch does not remake \(differ.filter { !remade.contains($0) })")
        #expect(gone.filter { !changes.removedPaths.contains($0) }.isEmpty, "\(taken): watch leaves \(gone.filter { !changes.removedPaths.contains($0) })")
        // The pages that differ are of the groups the kind declares.
        let groupByPath = Dictionary(after.plan.sources.map { (after.plan.path(of: $0), $0.pageGroup) }, uniquingKeysWith: { first, _ in first })
        let declared = RecordKinds.declaration(of: kind).pageGroups
        let undeclared = differ.filter { groupByPath[$0].map { !declared.contains($0) } ?? false }
        #expect(undeclared.isEmpty, "\(taken): pages of groups \(kind.rawValue) does not declare changed: \(undeclared.map { "\($0) (\(groupByPath[$0]!.rawValue))" })")
    }
}
