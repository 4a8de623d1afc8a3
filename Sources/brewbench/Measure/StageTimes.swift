/// The line `brewguide build` prints, for example `built Site: 11046 pages, 22094 files written,
/// 0 unchanged, 0 removed in 668 ms [read 36 ms, validate 11 ms, …, render and write 587 ms, swap 0 ms]`,
/// read generically: the stages are whatever `name N ms` items the brackets hold.
struct BuildLine: Codable, Sendable, Equatable {
    var pages: Int?
    /// The number before the first ` files`: the files written.
    var files: Int?
    var totalMilliseconds: Int?
    var stages: [Stage]

    struct Stage: Codable, Sendable, Equatable {
        var name: String
        var milliseconds: Double
    }

    /// The last line of `output` that starts with `built`, or nil.
    init?(output: String) {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("built") }) else { return nil }
        self.init(line: String(line))
    }

    init(line: String) {
        pages = Self.number(before: " pages", in: line)
        files = Self.number(before: " files", in: line)
        totalMilliseconds = Self.number(before: " ms [", in: line) ?? Self.number(before: " ms", in: line)
        stages = []
        guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else { return }
        let list = line[line.index(after: open)..<close]
        for item in list.split(separator: ",") {
            let words = item.split(separator: " ")
            guard words.count >= 3, words[words.count - 1] == "ms", let value = Double(words[words.count - 2]) else { continue }
            stages.append(Stage(name: words.dropLast(2).joined(separator: " "), milliseconds: value))
        }
    }

    /// The whole number written just before `suffix` (`(22070 files)` → 22070).
    private static func number(before suffix: String, in line: String) -> Int? {
        guard let range = line.range(of: suffix) else { return nil }
        let digits = line[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }
}
