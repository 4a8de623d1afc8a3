@testable import BrewKit
import Testing
import TestSupport

/// `DatasetValidator.idFindings` checks ids on all cores (rules in chunks, repeats in two halves);
/// it must find what the one-pass check it replaced finds, in the same order.
@Suite struct IDFindingsTests {
    /// The check as it was: one pass, one dictionary of the first index of each file key.
    static func plain(_ ids: [String]) -> [(index: Int, finding: DatasetValidator.IDFinding)] {
        var found: [(index: Int, finding: DatasetValidator.IDFinding)] = []
        var firstByKey: [String: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let problem = RecordID.problem(with: id) {
                found.append((index, .problem(problem)))
                continue
            }
            let key = RecordID.fileKey(id)
            if let first = firstByKey[key] {
                found.append((index, .sameFile(asIndex: first)))
            } else {
                firstByKey[key] = index
            }
        }
        return found
    }

    /// Pieces of ids: safe ones in both cases (so keys repeat and differ only in case), and
    /// ones that break a rule (empty, a space, `..`, a reserved name, a leading dash, non-ASCII).
    static let pieces = ["a", "A", "b", "B", "7", "x-1", "X-1", "log_2", "", " ", "..", ".", "-", "index", "INDEX", "é", "/", "2026-08-01"]

    static func ids(count: Int, random: inout SplitMix64) -> [String] {
        (0..<count).map { _ in
            (0..<Int(1 + random.next() % 3)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
    }

    static func agree(_ ids: [String]) -> Bool {
        let fast = DatasetValidator.idFindings(ids), plain = Self.plain(ids)
        return fast.map(\.index) == plain.map(\.index) && fast.map(\.finding) == plain.map(\.finding)
    }

    @Test func smallListsAgreeWithTheOnePassCheck() {
        var random = SplitMix64(seed: 30)
        for round in 0..<2_000 {
            let ids = Self.ids(count: round % 40, random: &random)
            #expect(Self.agree(ids), "\(ids)")
        }
    }

    /// Lists longer than a chunk, with repeats far apart (across chunks and halves).
    @Test func longListsAgreeWithTheOnePassCheck() {
        var random = SplitMix64(seed: 29)
        for count in [8_191, 8_192, 8_193, 30_000] {
            var ids = Self.ids(count: count, random: &random)
            ids += (0..<5_000).map { "log-\($0 * 7 % 4_000)" } + (0..<3_000).map { "LOG-\($0)" } + ids.prefix(100)
            let fast = DatasetValidator.idFindings(ids)
            #expect(Self.agree(ids))
            #expect(fast.contains { if case .sameFile(let first) = $0.finding { first < 8_192 && $0.index > 8_192 } else { false } })
        }
    }
}
