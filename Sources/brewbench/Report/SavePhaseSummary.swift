import Foundation

/// The saves of a `brewbench saves` run by phase (`0.5 s`, `1 s`, …, `later`), in the order the
/// phases were first met: how many, the median and the longest time to the page, in milliseconds.
struct SavePhaseSummary: Codable, Equatable, Sendable {
    var phase: String
    var saves: Int
    /// Saves whose page never showed the brew (within the probe's timeout): left out of the times.
    var missing: Int
    var medianMilliseconds: Double?
    var maximumMilliseconds: Double?
    /// The median time from the POST to its answer (the write itself).
    var medianAnswerMilliseconds: Double?

    static func summaries(of saves: [ServedSaveProbe.Save]) -> [SavePhaseSummary] {
        var order: [String] = []
        var byPhase: [String: [ServedSaveProbe.Save]] = [:]
        for save in saves {
            if byPhase[save.phase] == nil { order.append(save.phase) }
            byPhase[save.phase, default: []].append(save)
        }
        return order.map { phase in
            let group = byPhase[phase] ?? []
            let pages = group.compactMap(\.pageSeconds).map { $0 * 1000 }
            return SavePhaseSummary(
                phase: phase, saves: group.count, missing: group.count - pages.count,
                medianMilliseconds: median(pages), maximumMilliseconds: pages.max(),
                medianAnswerMilliseconds: median(group.map { $0.answerSeconds * 1000 }))
        }
    }

    /// A Markdown table of the summaries, with whether each phase's longest save holds `targetMilliseconds`.
    static func markdown(_ summaries: [SavePhaseSummary], targetMilliseconds: Double, from: String = "built") -> String {
        func ms(_ value: Double?) -> String { value.map { String(Int($0.rounded())) } ?? "—" }
        var lines = [
            "| phase (after \"\(from)\") | saves | POST → page median ms | max ms | POST answer median ms | ≤ \(ms(targetMilliseconds)) ms |",
            "| --- | ---: | ---: | ---: | ---: | --- |",
        ]
        for row in summaries {
            let holds = row.missing == 0 && (row.maximumMilliseconds ?? .infinity) <= targetMilliseconds
            let verdict = row.missing > 0 ? "missed (\(row.missing) never shown)" : holds ? "holds" : "missed"
            lines.append("| \(row.phase) | \(row.saves) | \(ms(row.medianMilliseconds)) | \(ms(row.maximumMilliseconds)) | \(ms(row.medianAnswerMilliseconds)) | \(verdict) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
