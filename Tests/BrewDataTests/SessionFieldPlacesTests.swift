@testable import BrewData
import BrewKit
import Testing
import TestSupport

/// A session's entries put their fields' places straight into the session's map (issue 29: the
/// three dictionaries an entry made were an eighth of `check`). The map must hold what its plain
/// definition says, for sessions of every shape: each field of the session, its settings, each
/// entry and each entry's `alcoholMeta` and `waterMeta` under its path, named by that path;
/// `…size` and `…amount` at `sizeMl` and `amountMl` when only those are given.
@Suite struct SessionFieldPlacesTests {
    static let path = "sessions/2026.json"

    /// The plain definition, from the file's tree.
    static func plainFields(_ session: RawNode) -> [String: BrewKit.SourceLocation] {
        guard case .object(let members) = session.value else { return [:] }
        var fields: [String: BrewKit.SourceLocation] = [:]
        func put(_ members: [RawMember], under prefix: String, replacing: Bool) {
            for member in members where replacing || fields[prefix + member.key] == nil {
                fields[prefix + member.key] = member.node.location.naming(prefix + member.key)
            }
        }
        if let settings = members.first(where: { $0.key == "settings" }), case .object(let inner) = settings.node.value {
            put(inner, under: "settings.", replacing: true)
        }
        if let entries = members.first(where: { $0.key == "entries" }), case .array(let elements) = entries.node.value {
            for (index, element) in elements.enumerated() {
                guard case .object(let entry) = element.value else { continue }
                let prefix = "entries[\(index)]."
                put(entry, under: prefix, replacing: true)
                for meta in ["alcoholMeta", "waterMeta"] {
                    if let found = entry.first(where: { $0.key == meta }), case .object(let inner) = found.node.value {
                        put(inner, under: prefix + meta + ".", replacing: true)
                    }
                }
                for (canonical, given) in [("alcoholMeta.size", "alcoholMeta.sizeMl"), ("waterMeta.amount", "waterMeta.amountMl")] {
                    if fields[prefix + canonical] == nil, let place = fields[prefix + given] { fields[prefix + canonical] = place.naming(prefix + canonical) }
                }
                fields["entries[\(index)]"] = element.location.naming("entries[\(index)]")
            }
        }
        put(members, under: "", replacing: false)
        return fields
    }

    /// A valid session with 0–5 entries of random shapes, some with unknown fields (warned, still placed).
    static func session(_ random: inout SplitMix64, number: Int) -> String {
        func maybe(_ text: String) -> String? { random.next() % 2 == 0 ? text : nil }
        var entries: [String] = []
        for index in 0..<Int(random.next() % 6) {
            var members = ["\"timestamp\": \"2026-10-07T19:\(10 + index):00Z\""]
            if let id = maybe("\"id\": \"e\(index)\"") { members.append(id) }
            if random.next() % 2 == 0 {
                members.append("\"type\": \"alcohol\"")
                var meta = [maybe("\"drinkType\": \"beer\""), maybe("\"abv\": 5"), maybe("\"presetId\": \"lager\""), maybe("\"colour\": \"gold\"")].compactMap { $0 }
                switch random.next() % 3 {
                case 0: meta.append("\"sizeMl\": 330")
                case 1: meta += ["\"size\": 12", "\"sizeUnit\": \"oz\""]
                default: break
                }
                members.append("\"alcoholMeta\": {" + meta.joined(separator: ", ") + "}")
            } else {
                members.append("\"type\": \"water\"")
                let amount = random.next() % 2 == 0 ? "\"amountMl\": 250" : "\"amount\": 8, \"unit\": \"oz\""
                members.append("\"waterMeta\": {" + amount + "}")
            }
            if let source = maybe("\"source\": \"watch\"") { members.append(source) }
            if let unknown = maybe("\"alcoholMeta.size\": 1") { members.append(unknown) }
            entries.append("{" + members.joined(separator: random.next() % 2 == 0 ? ", " : ",\n  ") + "}")
        }
        var members = ["\"id\": \"s\(number)\"", "\"startTime\": \"2026-10-07T19:00:00Z\""]
        if let settings = maybe("\"settings\": {\"waterEveryNDrinks\": 2, \"units\": \"ml\"}") { members.append(settings) }
        if let name = maybe("\"name\": \"Night \(number)\"") { members.append(name) }
        if let unknown = maybe("\"entries[0].id\": \"x\"") { members.append(unknown) }
        members.append("\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]")
        return "{" + members.joined(separator: ",\n") + "}"
    }

    @Test func everyFieldIsPlacedUnderItsPath() throws {
        var random = SplitMix64(seed: 30)
        var entriesSeen = 0
        for number in 0..<300 {
            let text = Self.session(&random, number: number)
            let file = RecordFileParser.parse(Array(text.utf8), path: Self.path, kind: .sessions)
            let draft = try #require(file.sessionDrafts.first, "\(text)\n\(file.diagnostics)")
            let tree = try JSONParser.parse(Array(text.utf8), file: Self.path)
            #expect(draft.source.fields == Self.plainFields(tree), "\(text)")
            entriesSeen += draft.session.entries.count
        }
        #expect(entriesSeen > 500)
    }
}
