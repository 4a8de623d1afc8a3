import BrewKit

/// The log lists beyond the chronological one: by recipe, month, rating and taste tag.
extension Journal {
    /// Links to every browse list, for the navigation of list pages (relative to the site root).
    static func browseLinks(recipes: [Recipe], logsByRecipe: [String: [Int]], statistics: JournalStatistics) -> [String: Any] {
        // Every link but a group's last has `more`, so the " · " goes between links, not after the last.
        func separated(_ links: [[String: Any]]) -> [[String: Any]] {
            links.enumerated().map { index, link in
                var link = link
                link["more"] = index < links.count - 1
                return link
            }
        }
        var links: [String: Any] = [
            "hasAny": !statistics.months.isEmpty,
            "months": separated(statistics.months.map { ["title": JournalDate.monthTitle($0.month), "path": "logs/by-month/\($0.month)/index.md", "count": String($0.count)] }),
            "ratings": separated((1...5).reversed().compactMap { rating -> [String: Any]? in
                let count = statistics.overall.ratingCounts[rating - 1]
                return count == 0 ? nil : ["title": String(repeating: "★", count: rating), "rating": String(rating), "ratingName": rating == 1 ? "1 star" : "\(rating) stars", "path": "logs/by-rating/\(rating)/index.md", "count": String(count)]
            }),
            "tags": separated(TasteTag.allCases.compactMap { tag -> [String: Any]? in
                guard let count = statistics.overall.tasteTagCounts[tag] else { return nil }
                return ["title": tag.displayName, "path": "logs/by-tag/\(tag.rawValue)/index.md", "count": String(count)]
            }),
            "recipes": separated(recipes.compactMap { recipe -> [String: Any]? in
                guard let count = logsByRecipe[recipe.id]?.count else { return nil }
                return ["title": recipe.name, "path": "logs/by-recipe/\(recipe.id)/index.md", "count": String(count)]
            }),
        ]
        // Each group's heading ("By recipe:") shows when the group has links.
        for (group, flag) in [("recipes", "hasRecipes"), ("months", "hasMonths"), ("ratings", "hasRatings"), ("tags", "hasTags")] {
            links[flag] = !((links[group] as? [[String: Any]]) ?? []).isEmpty
        }
        return links
    }

    /// The browse links without the count of each list, for archive pages.
    static func withoutCounts(_ links: [String: Any]) -> [String: Any] {
        links.mapValues { value in
            guard let group = value as? [[String: Any]] else { return value }
            return group.map { $0.filter { $0.key != "count" } }
        }
    }

    /// Every list of logs: all brews, then by month, rating, taste tag and recipe.
    func logLists() -> [LogList] {
        func list(_ folder: String, _ title: String, _ intro: String, _ positions: [Int]) -> LogList {
            LogList(folder: folder, title: title, intro: intro, journalLogs: logs, positions: positions)
        }
        var lists = [list("logs", "All brews", "Every brew, newest first.", Array(logs.indices))]
        // By year * 100 + month: an integer is cheaper to make and hash than a month's name.
        var byMonth: [Int: [Int]] = [:]
        var byRating: [Int: [Int]] = [:]
        var byTag: [TasteTag: [Int]] = [:]
        for position in logs.indices {
            byMonth[localTimes[position].year * 100 + localTimes[position].month, default: []].append(position)
            if let rating = logs[position].rating { byRating[rating, default: []].append(position) }
            if let tag = logs[position].tasteTag { byTag[tag, default: []].append(position) }
        }
        for (month, positions) in byMonth.values.map({ (localTimes[$0[0]].monthKey, $0) }).sorted(by: { $0.0 > $1.0 }) {
            lists.append(list("logs/by-month/\(month)", "Brews in \(JournalDate.monthTitle(month))", "\(Format.count(positions.count, "brew")), newest first.", positions))
        }
        for (rating, positions) in byRating.sorted(by: { $0.key > $1.key }) where (1...5).contains(rating) {
            lists.append(list("logs/by-rating/\(rating)", "Brews rated \(rating) of 5", "\(Format.count(positions.count, "brew")), newest first.", positions))
        }
        for tag in TasteTag.allCases {
            guard let positions = byTag[tag] else { continue }
            lists.append(list("logs/by-tag/\(tag.rawValue)", "Brews tagged \(tag.displayName)",
                              "\(Format.count(positions.count, "brew")), newest first. The hint for this tag: \(AdjustmentHint.text(for: tag)).", positions))
        }
        for recipe in recipes {
            guard let positions = logsByRecipe[recipe.id] else { continue }
            lists.append(list("logs/by-recipe/\(recipe.id)", "Brews of \(recipe.name)", "\(Format.count(positions.count, "brew")), newest first.", positions))
        }
        return lists
    }

    /// Page `number` (from 1) of a list: `<folder>/index`, then `<folder>/page/2`, …
    func listPage(_ list: LogList, number: Int, perPage: Int) -> Page {
        let pageCount = list.pageCount(perPage: perPage)
        // Positions in the journal's logs, not copies of the logs: a copy retains each of a log's texts.
        let positions = Array(list.positions(onPage: number, perPage: perPage))
        let path = list.pagePath(number)
        let root = Page.rootPrefix(of: path)
        let rows = partials.logRows(positions: positions, root: root) { logRowSlots(at: positions[$0]) }
        let rowsMarkdown = rows.map { PartialMemo.placing(root, in: $0.markdown) }
        let links = list.pageLinks(number, perPage: perPage)
        var context: [String: Any] = [
            "title": list.pageTitle(number, perPage: perPage),
            "intro": list.pageIntro(number, perPage: perPage),
            "logs": zip(positions, rowsMarkdown).map { position, markdown in ListRow(markdown: markdown) { [unowned self] in logRow(at: position) } },
            "isPaged": pageCount > 1,
            "isIndex": number == 1,
        ]
        if let newer = links.newer { context["previous"] = newer }
        if let older = links.older { context["next"] = older }
        if number == 1, pageCount > 1 {
            let onIndex = list.positions.count - (pageCount - 1) * perPage
            context["archiveNote"] = "The newest \(onIndex) are here, the older ones on \(Format.count(pageCount - 1, "archive page")), from the first brew on."
        }
        // The browse links are the same on every list page of a depth: converted once, placed as a
        // fragment. An archive page's have no counts, so that a new brew does not change it.
        context["browseMarkdown"] = PageFragment.placeholder("browse")
        let browse = number == 1 ? partials.browseLinks(browseLinks, root: root) : partials.browseLinks(browseLinksWithoutCounts, root: root, counted: false)
        var page = Page(path: path, title: list.pageTitle(number, perPage: perPage), template: "logs", context: context,
                        fragments: ["browse": browse])
        page.splicedRows = {
            var spliced: [ListSplice.Row] = []
            spliced.reserveCapacity(rows.count)
            for (row, markdown) in zip(rows, rowsMarkdown) {
                guard let item = row.item else { return nil }
                spliced.append(ListSplice.Row(markdown: markdown, item: item))
            }
            return spliced
        }
        return page
    }
}
