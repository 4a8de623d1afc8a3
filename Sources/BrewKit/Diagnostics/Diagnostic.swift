/// One finding about the input: an error blocks the use of what it names, a warning does not.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// The recipe this finding makes invalid, when it is confined to one recipe (PRD US-026):
    /// such a recipe is shown as invalid and cannot be brewed, and the rest of the data stays usable.
    public var invalidatesRecipeID: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, invalidatesRecipeID: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.invalidatesRecipeID = invalidatesRecipeID
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `path:line:column: error: message`, as compilers print and editors parse. Control
    /// characters are written out (`\u{1B}`): data shown in a message cannot drive the terminal.
    public var description: String {
        ShownText.escaped("\(location): \(severity.rawValue): \(message)", limit: .max)
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, line and column; findings at the same place keep their order.
    public func sortedByLocation() -> [Diagnostic] {
        // `check` sorts findings that are already sorted two and three times over: a look at each
        // neighbour says so (a stable sort leaves such a list as it is).
        if isSortedByLocation { return self }
        return enumerated().sorted { a, b in
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Each finding once, in order: of equal findings the first is kept. A finding is compared
    /// only with those at the same place (equal findings have equal places), so that messages,
    /// whose `°C` makes hashing a String slow, are not hashed: `check` prints 23,000 warnings
    /// for a journal of 100,000 brews.
    public func removingDuplicates() -> [Diagnostic] {
        if isSortedByLocation { return removingAdjacentDuplicates() }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(count)
        var keptAt: [SourceLocation: [Int]] = [:]
        keptAt.reserveCapacity(count)
        for diagnostic in self {
            if let indices = keptAt[diagnostic.location], indices.contains(where: { kept[$0] == diagnostic }) { continue }
            keptAt[diagnostic.location, default: []].append(kept.count)
            kept.append(diagnostic)
        }
        return kept
    }

    /// Whether no finding comes before the one ahead of it (`sortedByLocation` would keep the order).
    var isSortedByLocation: Bool {
        indices.dropFirst().allSatisfy { !(self[$0].location < self[$0 - 1].location) }
    }

    /// `removingDuplicates` of a list sorted by location: findings at one file, line and column
    /// stand together, so each is compared only with those kept since its place began.
    func removingAdjacentDuplicates() -> [Diagnostic] {
        var kept: [Diagnostic] = []
        kept.reserveCapacity(count)
        var placeStart = 0
        for diagnostic in self {
            if let last = kept.last, last.location < diagnostic.location { placeStart = kept.count }
            if kept[placeStart...].contains(diagnostic) { continue }
            kept.append(diagnostic)
        }
        return kept
    }

    public var errorCount: Int { lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { lazy.filter { $0.severity == .warning }.count }
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
