import BrewKit

/// One list of logs (all brews, a month, a rating, a taste tag, a recipe), newest first,
/// split into pages of a fixed size.
struct LogList {
    /// Where its pages go: `logs`, `logs/by-month/2026-10`, …
    let folder: String
    let title: String
    let intro: String
    let logs: [BrewLog]

    /// An empty list still has its first page, which says nothing was logged.
    func pageCount(perPage: Int) -> Int {
        max(1, (logs.count + perPage - 1) / perPage)
    }

    func logs(onPage number: Int, perPage: Int) -> ArraySlice<BrewLog> {
        let start = min((number - 1) * perPage, logs.count)
        return logs[start..<min(start + perPage, logs.count)]
    }

    /// Page 1 is `<folder>/index`; page n is `<folder>/page/n`.
    func pagePath(_ number: Int) -> String {
        number == 1 ? "\(folder)/index" : "\(folder)/page/\(number)"
    }
}
