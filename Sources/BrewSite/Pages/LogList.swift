import BrewKit

/// One list of logs (all brews, a month, a rating, a taste tag, a recipe), newest first, on an
/// index page and, when it is long, archive pages of a fixed size.
///
/// The archive is cut from the oldest brew, so that a new brew changes the list's index and no
/// archive page: `page/1` holds the list's first `perPage` brews, `page/2` the next, and the
/// index the newest, from one to two pages' worth, so it is never nearly empty. A new archive
/// page appears once every `perPage` brews (and changes the links of the one before it).
struct LogList {
    /// Where its pages go: `logs`, `logs/by-month/2026-10`, …
    let folder: String
    let title: String
    /// The index page's sentence under the title ("12 brews, newest first.").
    let intro: String
    /// The journal's logs, newest first (the same array for every list, not a copy).
    let journalLogs: [BrewLog]
    /// Where this list's logs are in `journalLogs`, in order: a list holds positions, not logs,
    /// so that making the lists (and comparing them on each rebuild) copies no log.
    let positions: [Int]

    /// How many archive pages there are: every whole `perPage` of the oldest brews but the two
    /// newest pages' worth, which the index shows.
    func archiveCount(perPage: Int) -> Int {
        let chunks = (positions.count + perPage - 1) / perPage
        return max(0, chunks - 2)
    }

    /// The index and the archive pages. An empty list still has its index, which says nothing was logged.
    func pageCount(perPage: Int) -> Int {
        1 + archiveCount(perPage: perPage)
    }

    /// Page 1 is the index; page n (from 2) is archive page n - 1, counted from the oldest.
    func positions(onPage number: Int, perPage: Int) -> ArraySlice<Int> {
        let archived = archiveCount(perPage: perPage) * perPage
        guard number > 1 else { return positions[0..<(positions.count - archived)] }
        // Archive page k holds the k-th `perPage` brews from the oldest, shown newest first.
        let fromOldest = (number - 2) * perPage
        let end = positions.count - fromOldest
        return positions[max(0, end - perPage)..<end]
    }

    /// The index page's title, or an archive page's, which names its brews by their count from
    /// the first ("All brews 51–100"): it does not change as the list grows.
    func pageTitle(_ number: Int, perPage: Int) -> String {
        guard number > 1 else { return title }
        let first = (number - 2) * perPage + 1
        return "\(title), brews \(first)–\(first + perPage - 1)"
    }

    /// The sentence under an archive page's title, which (unlike the index's) holds no count of the list.
    func pageIntro(_ number: Int, perPage: Int) -> String {
        guard number > 1 else { return intro }
        let first = (number - 2) * perPage + 1
        return "Brews \(first) to \(first + perPage - 1) of this list, counted from the first, newest first."
    }

    /// The links of a page to the newer and the older brews, relative to the page.
    func pageLinks(_ number: Int, perPage: Int) -> (newer: String?, older: String?) {
        let archives = archiveCount(perPage: perPage)
        guard number > 1 else { return (nil, archives > 0 ? "page/\(archives).md" : nil) }
        let archive = number - 1
        return (archive == archives ? "../index.md" : "\(archive + 1).md", archive > 1 ? "\(archive - 1).md" : nil)
    }

    /// The id of the log at a position in `journalLogs`.
    func id(at position: Int) -> String { journalLogs[position].id }

    /// Page 1 is `<folder>/index`; page n is archive page `<folder>/page/(n - 1)`.
    func pagePath(_ number: Int) -> String {
        number == 1 ? "\(folder)/index" : "\(folder)/page/\(number - 1)"
    }
}
