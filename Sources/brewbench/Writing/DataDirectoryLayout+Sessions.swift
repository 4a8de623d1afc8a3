/// Sessions as JSON (one file per year, entries inside) or as a sessions CSV and an entries CSV.
extension DataDirectoryLayout {
    func sessionFiles(_ sessions: [SyntheticSession]) -> [GeneratedFile] {
        switch format {
        case .json:
            var byYear: [(year: Int, sessions: [SyntheticSession])] = []
            for session in sessions {
                let year = session.startTime.civilDate.year
                if byYear.last?.year == year {
                    byYear[byYear.count - 1].sessions.append(session)
                } else {
                    byYear.append((year, [session]))
                }
            }
            return byYear.map { group in
                GeneratedFile(path: "sessions/\(group.year).json", text: JSONText.array(group.sessions.map(Self.json)).rendered())
            }
        case .csv:
            var sessionTable = CSVText(header: Self.sessionHeader)
            var entryTable = CSVText(header: Self.entryHeader)
            for session in sessions {
                sessionTable.append([
                    session.id, session.startTime.iso8601, session.endTime.iso8601, "false",
                    session.waterEveryNDrinks.map(String.init),
                ])
                for entry in session.entries { entryTable.append(Self.cells(entry, of: session.id)) }
            }
            return [
                GeneratedFile(path: "sessions/sessions.csv", text: sessionTable.text),
                GeneratedFile(path: "sessions/entries.csv", text: entryTable.text),
            ]
        }
    }

    static func json(_ session: SyntheticSession) -> JSONText {
        .members([
            ("id", .string(session.id)),
            ("startTime", .string(session.startTime.iso8601)),
            ("endTime", .string(session.endTime.iso8601)),
            ("isActive", .bool(false)),
            ("settings", session.waterEveryNDrinks.map { .object([("waterEveryNDrinks", .number(Double($0)))]) }),
            ("entries", .array(session.entries.map(json))),
        ])
    }

    static func json(_ entry: SyntheticSessionEntry) -> JSONText {
        var meta: (String, JSONText)?
        switch entry.drink {
        case .preset(let type, let presetId)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("presetId", .string(presetId))]))
        case .measured(let type, let sizeMl, let abv)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("sizeMl", .number(Double(sizeMl))), ("abv", .number(abv))]))
        case .estimated(let type, let standardDrinks)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("standardDrinkEstimate", .number(standardDrinks))]))
        case nil:
            meta = entry.waterMl.map { ("waterMeta", .object([("amountMl", .number(Double($0)))])) }
        }
        return .members([
            ("id", .string(entry.id)),
            ("timestamp", .string(entry.timestamp.iso8601)),
            ("type", .string(entry.drink == nil ? "water" : "alcohol")),
            (meta?.0 ?? "alcoholMeta", meta?.1),
            ("source", .string(entry.source)),
        ])
    }

    static func cells(_ entry: SyntheticSessionEntry, of sessionId: String) -> [String?] {
        var drinkType: String?, sizeMl: String?, abv: String?, estimate: String?, presetId: String?
        switch entry.drink {
        case .preset(let type, let preset)?: (drinkType, presetId) = (type, preset)
        case .measured(let type, let size, let strength)?: (drinkType, sizeMl, abv) = (type, String(size), JSONText.number(strength))
        case .estimated(let type, let standardDrinks)?: (drinkType, estimate) = (type, JSONText.number(standardDrinks))
        case nil: break
        }
        return [
            sessionId, entry.id, entry.timestamp.iso8601, entry.drink == nil ? "water" : "alcohol",
            drinkType, sizeMl, abv, estimate, presetId, entry.waterMl.map(String.init), entry.source,
        ]
    }
}
