import BrewKit

/// One list of logs (all brews, a month, a rating, a taste tag, a recipe), newest first,
/// split into pages of a fixed size.
struct LogList {
    /// Where its pages go: `logs`, `logs/by-month/2026-10`, …
    let folder: String
    let title: String
    let intro: String
    /// The journal's logs, newest first (the same array for every list, not a copy).
    let journalLogs: [BrewLog]
    /// Where this list's logs are in `journalLogs`, in order: a list holds positions, not logs,
    /// so that making the lists (and comparing them on each rebuild) copies no log.
    let positions: [Int]

    /// An empty list still has its first page, which says nothing was logged.
    func pageCount(perPage: Int) -> Int {
        max(1, (positions.count + perPage - 1) / perPage)
    }

    func positions(onPage number: Int, perPage: Int) -> ArraySlice<Int> {
        let start = min((number - 1) * perPage, positions.count)
        return positions[start..<min(start + perPage, positions.count)]
    }

    /// The id of the log at a position in `journalLogs`.
    func id(at position: Int) -> String { journalLogs[position].id }

    /// Page 1 is `<folder>/index`; page n is `<folder>/page/n`.
    func pagePath(_ number: Int) -> String {
        number == 1 ? "\(folder)/index" : "\(folder)/page/\(number)"
    }
}
