import BrewKit

/// The pages of brews new to a journal, made before the journal with them is put together
/// (`JournalSite.publishEditedLogPages`: a brew saved from the phone shows at once, while the
/// rebuild of the lists and statistics follows). A log's page reads of the rest of the journal only
/// its recipe, its recorded pour and the next brew of its recipe, so each new log's page is the page
/// the journal with the new logs makes: its place is worked out as that journal orders its logs
/// (newest first, then by id), among this journal's logs and the other new ones.
extension Journal {
    func newLogPages(_ added: [BrewLog]) -> [Page] {
        added.map { log in
            let local = local(log)
            return logPage(log, place: LogPlace(path: LogPagePath.path(id: log.id, brewedAt: local), local: local, next: nextBrew(after: log, among: added)))
        }
    }

    /// Whether `id`, new to the journal, would repeat one of its ids as `check` sees it: the same
    /// id, or one that differs only in case (`RecordID.fileKey`), which names the same page file on
    /// a disk that ignores case.
    func hasLogID(sameFileAs id: String) -> Bool {
        let key = RecordID.fileKey(id)
        if positionByID[id] != nil || positionByID[key] != nil { return true }
        return mixedCaseLogIDKeys.contains(key)
    }

    /// `logsNewestFirst`'s order: the later brew first, the smaller id first at the same moment.
    private static func comesFirst(_ a: BrewLog, _ b: BrewLog) -> Bool {
        a.timestamp != b.timestamp ? a.timestamp > b.timestamp : a.id < b.id
    }

    /// The brew of `log`'s recipe right after it, among this journal's and the `added` ones.
    private func nextBrew(after log: BrewLog, among added: [BrewLog]) -> (log: BrewLog, path: String, local: LocalTime)? {
        guard let recipeId = log.recipeId else { return nil }
        var nearest: (log: BrewLog, path: String, local: LocalTime)?
        if let positions = logsByRecipe[recipeId] {
            // Newest first: the logs later than `log` come first, and the last of them is the next.
            var low = 0, high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if Self.comesFirst(logs[positions[middle]], log) { low = middle + 1 } else { high = middle }
            }
            if low > 0 {
                let position = positions[low - 1]
                nearest = (logs[position], logPaths[position], localTimes[position])
            }
        }
        for other in added where other.recipeId == recipeId && other.id != log.id && Self.comesFirst(other, log) {
            if let found = nearest, !Self.comesFirst(found.log, other) { continue }
            let local = local(other)
            nearest = (other, LogPagePath.path(id: other.id, brewedAt: local), local)
        }
        return nearest
    }
}
