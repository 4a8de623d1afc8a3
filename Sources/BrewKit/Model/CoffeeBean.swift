import Foundation

/// A bag of coffee beans: one record of `beans/*.json` or `*.csv` (`BeansKind`), named by a
/// brew log's `beanId`.
///
/// Rules:
/// - `id` is the bag's id (`RecordID`'s rules); `name` is required; `roaster`, `origin`,
///   `process` are free text.
/// - Days (`roastDate`, `frozenOn`, `thawedOn`, `finishedOn`) are `yyyy-MM-dd`, real dates.
/// - `freezes` lists each time the bag went into the freezer; a `thawedOn` earlier than its
///   `frozenOn` is an error, and a freeze not thawed yet has no `thawedOn`.
/// - `weightGrams` is above 0; `priceCents` is a whole number of 0 or more, in `currency`
///   (three letters, such as EUR) when given.
/// - A log whose `beanId` names no bag is an error with the closest id; a log brewed (its local
///   day) before its bag's `roastDate` is an error.
/// - The bag's age on a day is the days from its roast date to that day, less the days it spent
///   frozen before then (a freeze not yet thawed counts up to that day).
public struct CoffeeBean: Hashable, Sendable, Identifiable {
    /// One stay in the freezer.
    public struct Freeze: Hashable, Sendable {
        public var frozenOn: String
        /// nil: still frozen.
        public var thawedOn: String?

        public init(frozenOn: String, thawedOn: String? = nil) {
            self.frozenOn = frozenOn
            self.thawedOn = thawedOn
        }
    }

    public var id: String
    public var name: String
    public var roaster: String?
    public var origin: String?
    public var process: String?
    /// `yyyy-MM-dd`.
    public var roastDate: String?
    public var freezes: [Freeze]
    public var weightGrams: Double?
    public var priceCents: Int?
    /// ISO 4217 letters, such as EUR.
    public var currency: String?
    /// The day the bag was bought, `yyyy-MM-dd`.
    public var boughtOn: String?
    /// The day the bag was used up, `yyyy-MM-dd`; nil while it is open.
    public var finishedOn: String?
    /// The last write, for merge (last write wins).
    public var updatedAt: Date?

    public init(id: String, name: String, roaster: String? = nil, origin: String? = nil, process: String? = nil,
                roastDate: String? = nil, freezes: [Freeze] = [], weightGrams: Double? = nil, priceCents: Int? = nil,
                currency: String? = nil, boughtOn: String? = nil, finishedOn: String? = nil, updatedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.roaster = roaster
        self.origin = origin
        self.process = process
        self.roastDate = roastDate
        self.freezes = freezes
        self.weightGrams = weightGrams
        self.priceCents = priceCents
        self.currency = currency
        self.boughtOn = boughtOn
        self.finishedOn = finishedOn
        self.updatedAt = updatedAt
    }

    /// Whether the bag is still being brewed from.
    public var isOpen: Bool { finishedOn == nil }

    /// The bag's age on `day` (`yyyy-MM-dd`): days since the roast date, and the frozen days left
    /// out of them (those between the roast date and `day`); nil without a roast date or for a
    /// day before it.
    public func age(on day: String) -> (daysOffRoast: Int, frozenDays: Int)? {
        guard let roastDate, let roast = Self.dayNumber(roastDate), let today = Self.dayNumber(day), today >= roast else { return nil }
        var frozen = 0
        for freeze in freezes {
            guard let start = Self.dayNumber(freeze.frozenOn) else { continue }
            let end = freeze.thawedOn.flatMap(Self.dayNumber) ?? today
            let from = max(start, roast), to = min(end, today)
            if to > from { frozen += to - from }
        }
        frozen = min(frozen, today - roast)
        return (today - roast - frozen, frozen)
    }

    /// "12 days off roast (3 frozen days not counted)", or nil when the age is not known.
    public func ageText(on day: String) -> String? {
        guard let age = age(on: day) else { return nil }
        var text = age.daysOffRoast == 1 ? "1 day off roast" : "\(age.daysOffRoast) days off roast"
        if age.frozenDays > 0 { text += age.frozenDays == 1 ? " (1 frozen day not counted)" : " (\(age.frozenDays) frozen days not counted)" }
        return text
    }

    /// Days since 1970-01-01 of a `yyyy-MM-dd` day; nil when it is not one.
    static func dayNumber(_ day: String) -> Int? {
        guard let date = PlanDay.date(from: day) else { return nil }
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// What is wrong with a weight, or nil.
    public static func weightProblem(_ grams: Double) -> String? {
        grams > 0 && grams.isFinite ? nil : "weightGrams: expected a number of grams above 0, found \(grams == grams.rounded() && abs(grams) < 1e15 ? String(Int(grams)) : String(grams))"
    }

    /// What is wrong with a price, or nil.
    public static func priceProblem(_ cents: Int) -> String? {
        cents >= 0 ? nil : "priceCents: expected a whole number of cents, 0 or more, found \(cents)"
    }

    /// What is wrong with a currency, or nil.
    public static func currencyProblem(_ currency: String) -> String? {
        currency.utf8.count == 3 && currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
            ? nil : "currency: expected three capital letters such as EUR or USD, found \"\(ShownText.escaped(currency))\""
    }

    /// Findings across bags: a thaw before its freeze (ids are checked with every kind's, `DatasetValidator`).
    public static func validate(_ beans: [Located<CoffeeBean>]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for located in beans {
            for (index, freeze) in located.value.freezes.enumerated() {
                guard let thawed = freeze.thawedOn, thawed < freeze.frozenOn else { continue }
                let field = "freezes[\(index)].thawedOn"
                let location = located.source.fields[field] ?? located.source.location(of: "freezes")
                diagnostics.append(.error("\(field): thawed on \(thawed), before the bag was frozen on \(freeze.frozenOn); expected \(freeze.frozenOn) or later", at: location))
            }
        }
        return diagnostics
    }

    /// Findings on the logs that name a bag (`beanId`): a bag no one has (with the closest id), a
    /// brew before its bag's roast date.
    public static func logFindings(_ logs: [Located<BrewLog>], beans: [Located<CoffeeBean>]) -> [Diagnostic] {
        guard logs.contains(where: { $0.value.beanId != nil }) else { return [] }
        let byID = Dictionary(beans.map { ($0.value.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        var diagnostics: [Diagnostic] = []
        for located in logs {
            guard let beanID = located.value.beanId else { continue }
            guard let bean = byID[beanID] else {
                if let finding = logReference.finding(naming: beanID, at: located.source.location(of: "beanId"),
                                                      isKnown: { byID[$0] != nil }, known: byID.keys.sorted()) {
                    diagnostics.append(finding)
                }
                continue
            }
            let day = located.value.localDay
            if let roast = bean.roastDate, day < roast {
                diagnostics.append(.error(
                    "timestamp: brewed on \(day), before its bag \"\(ShownText.escaped(bean.id))\" was roasted on \(roast); expected \(roast) or later",
                    at: located.source.location(of: "timestamp")))
            }
        }
        return diagnostics
    }

    /// The bags' shelf of the data set's store (`RecordStore`): read into it by `BeansKind`, their
    /// ids checked as every kind's, then the thaws before freezes. The logs that name a bag are
    /// checked by the validator (`logFindings`), with no bag at all too: an empty shelf is not
    /// kept, so its rules would not run.
    public static let shelf = RecordShelf<CoffeeBean>(kindName: "beans", idLabel: "bean", id: { $0.id }) { beans, _ in
        validate(beans)
    }

    /// A log's `beanId` names a bag of beans (`LogsKind.references`).
    public static let logReference = IDReference(field: "beanId", severity: .error, offer: .afterSemicolon) { id, _ in
        "beanId: no bag of beans has the id \"\(ShownText.escaped(id))\""
    }
}

extension BrewLog {
    /// The day it was brewed, `yyyy-MM-dd`, in the offset its time was written with.
    public var localDay: String { String(LocalTime(timestamp, offsetSeconds: timestampOffsetSeconds).iso8601.prefix(10)) }
}

extension Dataset {
    /// Bags of coffee beans (`beans/`), in file order: the data set's shelf of them (`CoffeeBean.shelf`).
    public var beans: [Located<CoffeeBean>] {
        get { store[CoffeeBean.shelf] }
        set { store[CoffeeBean.shelf] = newValue }
    }
}
