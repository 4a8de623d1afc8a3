import BrewData
import BrewKit
import Foundation
import PropertyBased
import Testing
import TestSupport

/// Two-way and three-way sync (issue 45): copies of one journal, each with brews of its own
/// logged in the same minutes as the others' (so they share ids), merged into each other in
/// every order, end equal, with each brew once, and merging again changes nothing.
@Suite struct SyncConvergencePropertyTests {
    /// One minute's time: the brews of one id share it, to the second.
    static func minute(_ index: Int) -> Date { Date(timeIntervalSince1970: 1_796_000_000 + Double(index) * 60) }

    /// `count` copies of a journal: a shared history, then brews of their own whose ids (minutes) collide.
    static func copies(seed: Int, count: Int) -> [DataSnapshot] {
        var generator = RightsGenerator(seed: UInt64(seed))
        var shared: [BrewLog] = []
        for index in 0..<generator.int(0...3) {
            var log = generator.log(id: "log-shared-\(index)")
            log.timestamp = minute(100 + index)
            shared.append(log)
        }
        return (0..<count).map { _ in
            var own: [String: BrewLog] = [:]
            for _ in 0..<generator.int(0...4) {
                let index = generator.int(0...3)
                var log = generator.log(id: "log-\(index)")
                log.timestamp = minute(index)
                own[log.id] = log
            }
            return DataSnapshot(logs: shared + Array(own.values))
        }
    }

    /// A brew as a person knows it: everything but the id merge gave it.
    static func brew(_ log: BrewLog) -> String {
        var unnamed = log
        unnamed.id = ""
        return CanonicalJSON.string(RecordEncoder.json(unnamed))
    }

    /// Every copy merged into every other, `rounds` times, in the order of `order`.
    static func sync(_ start: [DataSnapshot], order: [Int], rounds: Int = 2) -> [DataSnapshot] {
        var copies = start
        for _ in 0..<rounds {
            for source in order {
                for target in order where target != source {
                    copies[target] = Merger.merge([copies[source]], into: copies[target]).merged
                }
            }
        }
        return copies
    }

    static func permutations(_ items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// The issue's case: A and B each log a brew at the same minute; A→B, B→A, twice.
    @Test func twoCopiesThatEachLoggedABrewInTheSameMinuteEndWithBothOnce() throws {
        var generator = RightsGenerator(seed: 7)
        var mine = generator.log(id: "log-202612011030")
        var theirs = generator.log(id: "log-202612011030")
        mine.timestamp = Self.minute(0)
        theirs.timestamp = Self.minute(0)
        let a = try MergeByKindTests.DataFolder(["logs/2026-12.json": CanonicalJSON.string(.array([RecordEncoder.json(mine)]))])
        let b = try MergeByKindTests.DataFolder(["logs/2026-12.json": CanonicalJSON.string(.array([RecordEncoder.json(theirs)]))])
        for _ in 0..<2 {
            _ = try MergeByKindTests.merge(a, into: b)
            _ = try MergeByKindTests.merge(b, into: a)
        }
        #expect(a.errors == [] && b.errors == [])
        let (logsA, logsB) = (try a.snapshot().logs, try b.snapshot().logs)
        #expect(logsA.count == 2, "\(logsA.map(\.id))")
        #expect(Set(logsA.map(Self.brew)) == Set([mine, theirs].map(Self.brew)))
        #expect(logsA == logsB, "A: \(logsA.map(\.id)), B: \(logsB.map(\.id))")
        let again = try MergeByKindTests.merge(a, into: b)
        #expect(again.report.changesNothing, "\(again.report.updated.lines + again.report.added.lines)")
    }

    /// The target's own log that loses its id to an earlier brew from a source becomes the copy,
    /// and its recorded pour goes with it (`flows/<log-id>.json` follows the log).
    @Test func aRenamedLogTakesItsPourWithIt() throws {
        var generator = RightsGenerator(seed: 5)
        var mine = generator.log(id: "log-1")
        var theirs = generator.log(id: "log-1")
        mine.timestamp = Self.minute(1)
        theirs.timestamp = Self.minute(0)
        let pour = BrewFlow(logId: "log-1", samples: [.init(seconds: 0, grams: 0), .init(seconds: 30, grams: 120)])
        let target = try MergeByKindTests.DataFolder([
            "logs/a.json": CanonicalJSON.string(.array([RecordEncoder.json(mine)])), "flows/log-1.json": FlowFile.text(pour),
        ])
        let source = try MergeByKindTests.DataFolder(["logs/a.json": CanonicalJSON.string(.array([RecordEncoder.json(theirs)]))])
        let outcome = try MergeByKindTests.merge(source, into: target)
        #expect(target.errors == [])
        let merged = try target.snapshot()
        let renamed = try #require(merged.logs.first { $0.id != "log-1" }, "\(merged.logs.map(\.id))")
        #expect(Self.brew(renamed) == Self.brew(mine))
        #expect(merged.logs.first { $0.id == "log-1" }.map(Self.brew) == Self.brew(theirs))
        #expect(merged.flows.map(\.logId) == [renamed.id])
        #expect(merged.flows.first?.samples == pour.samples)
        #expect(outcome.report.updated.lines.first?.hasPrefix("log log-1: now \(renamed.id)") == true, "\(outcome.report.updated.lines)")
    }

    /// A `-merged-` copy that comes back to the copy it was made from is the same brew.
    @Test func aMergedCopyDoesNotComeBackToItsCopy() {
        var generator = RightsGenerator(seed: 11)
        var mine = generator.log(id: "log-1")
        var theirs = generator.log(id: "log-1")
        mine.timestamp = Self.minute(0)
        theirs.timestamp = Self.minute(0)
        let a = DataSnapshot(logs: [mine])
        let b = Merger.merge([a], into: DataSnapshot(logs: [theirs])).merged
        let back = Merger.merge([b], into: a)
        #expect(back.report.added.lines == [], "\(back.report.added.lines)")
        #expect(back.merged.logs.count == 2)
        #expect(back.merged.canonical == b.canonical)
        // A copy that comes in under the id an earlier merge gave it is not "kept as" that same id.
        #expect(back.report.conflicted.allSatisfy { !$0.remark.hasSuffix("as \($0.id)") }, "\(back.report.conflicted.lines)")
    }

    /// A copy that already holds one brew twice (what the old rule left) keeps it once.
    @Test func aBrewHeldTwiceIsKeptOnce() {
        var generator = RightsGenerator(seed: 3)
        var log = generator.log(id: "log-1")
        log.timestamp = Self.minute(0)
        var twin = log
        twin.id = Merger.derivedID("log-1", infix: "merged", content: RecordEncoder.json(log))
        let outcome = Merger.merge([DataSnapshot(logs: [log])], into: DataSnapshot(logs: [log, twin]))
        #expect(outcome.merged.logs.map(\.id) == ["log-1"])
        #expect(outcome.report.updated.lines == ["log \(twin.id): the same brew as log log-1, kept once"])
    }

    @Test func everyMergeOrderOfPairsAndTriplesConverges() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000), Gen.int(in: 2...3)) { seed, count in
            let start = Self.copies(seed: seed, count: count)
            let brews = Set(start.flatMap(\.logs).map(Self.brew))
            var results: Set<String> = []
            for order in Self.permutations(Array(0..<count)) {
                let copies = Self.sync(start, order: order)
                for copy in copies {
                    #expect(copy.canonical == copies[0].canonical, "seed \(seed), order \(order): the copies differ")
                    #expect(copy.logs.count == brews.count && Set(copy.logs.map(Self.brew)) == brews,
                            "seed \(seed), order \(order): \(copy.logs.map(\.id)) for \(brews.count) brews")
                }
                results.insert(copies[0].canonical)
                for source in copies.indices {
                    for target in copies.indices where target != source {
                        let again = Merger.merge([copies[source]], into: copies[target])
                        #expect(again.report.changesNothing && again.merged.canonical == copies[target].canonical,
                                "seed \(seed), order \(order): merging again changed \(again.report.added.lines + again.report.updated.lines + again.report.conflicted.lines)")
                    }
                }
            }
            #expect(results.count == 1, "seed \(seed): \(results.count) different results by merge order")
        }
    }

    /// The records of a copy, whatever files hold them (merged sessions live in files named by their content).
    static func records(_ snapshot: DataSnapshot) -> String {
        func values(_ records: [SessionRecord]) -> JSONValue { .array(records.sorted { $0.id < $1.id }.map(\.value)) }
        return CanonicalJSON.string(.object([
            JSONMember("recipes", .array(snapshot.recipes.map(RecordEncoder.json))),
            JSONMember("logs", .array(snapshot.logs.map(RecordEncoder.json))),
            JSONMember("sessions", values(snapshot.sessions)),
            JSONMember("presets", values(snapshot.drinkPresets)),
        ]))
    }

    /// `count` copies of one journal, each with edits of its own stamped in the same second as the others'.
    static func copiesEditedInOneSecond(seed: Int, count: Int) -> [DataSnapshot] {
        var generator = RightsGenerator(seed: UInt64(seed))
        let base = generator.snapshot(pool: 3)
        let second = Date(timeIntervalSince1970: 1_796_000_000)
        let stamp = JSONValue.string(ISO8601.string(from: second))
        return (0..<count).map { copy in
            var edited = base
            edited.recipes = base.recipes.map { recipe in
                guard generator.bool() else { return recipe }
                var changed = recipe
                changed.name = "\(recipe.name) on copy \(copy)"
                changed.modifiedAt = second
                return changed
            }
            func edit(_ value: JSONValue) -> JSONValue {
                guard generator.bool() else { return value }
                var changed = value.setting("updatedAt", to: stamp)
                if value["startTime"] != nil {
                    changed = changed.setting("name", to: .string("night on copy \(copy)"))
                    if case .array(var entries)? = value["entries"] {
                        if !entries.isEmpty, generator.bool() {
                            entries[0] = entries[0].setting("note", to: .string("copy \(copy)")).setting("updatedAt", to: stamp)
                        }
                        entries.append(.object([
                            JSONMember("id", .string("\(value["id"]?.stringValue ?? "")-c\(copy)")), JSONMember("timestamp", stamp),
                            JSONMember("type", .string("water")), JSONMember("waterMeta", .object([JSONMember("amountMl", .number(Double(100 + copy)))])),
                        ]))
                        changed = changed.setting("entries", to: .array(entries))
                    }
                } else {
                    changed = changed.setting("sizeMl", to: .number(Double(200 + copy)))
                }
                return changed
            }
            edited.sessionFiles = base.sessionFiles.map { file in
                guard case .json(.array(let values)) = file.content else { return file }
                return SessionFile(relativePath: file.relativePath, content: .json(.array(values.map(edit))))
            }
            return edited
        }
    }

    /// Issue 45: last write wins, and a tie (stamps of one second) went to the target, so copies
    /// written in the same second ended differently by merge order. The tie now goes by a rule
    /// every copy shares.
    @Test func editsStampedInTheSameSecondConvergeInEveryMergeOrder() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000), Gen.int(in: 2...3)) { seed, count in
            let start = Self.copiesEditedInOneSecond(seed: seed, count: count)
            var results: Set<String> = []
            for order in Self.permutations(Array(0..<count)) {
                let copies = Self.sync(start, order: order, rounds: 3)
                for copy in copies {
                    #expect(Self.records(copy) == Self.records(copies[0]), "seed \(seed), order \(order): the copies differ")
                }
                results.insert(Self.records(copies[0]))
                for source in copies.indices {
                    for target in copies.indices where target != source {
                        let again = Merger.merge([copies[source]], into: copies[target])
                        #expect(again.report.changesNothing,
                                "seed \(seed), order \(order): merging again changed \(again.report.added.lines + again.report.updated.lines + again.report.conflicted.lines)")
                    }
                }
            }
            #expect(results.count == 1, "seed \(seed): \(results.count) different results by merge order")
        }
    }
}
