/// Long work that may be given up half-way for newer work: `watch` gives a rebuild up when a newer
/// save is waiting. The work asks `check()` between its steps, and in its long loops every few
/// thousand items (`check(at:)`); when the owner's question says yes, `check` throws `GaveWay` and
/// the work ends there. Work that asks must change nothing outside itself before it is done, so
/// that giving it up leaves everything as it was.
///
/// Not `Sendable`: the question is asked only on the thread that does the work (never inside
/// `concurrentMap`), so it may be any closure, one that counts its calls included (tests).
public struct GiveWay {
    private let shouldStop: (() -> Bool)?

    /// - Parameter shouldStop: asked at each check; nil: never give way.
    public init(_ shouldStop: (() -> Bool)?) {
        self.shouldStop = shouldStop
    }

    /// Work that never gives way.
    public static var never: GiveWay { GiveWay(nil) }

    /// A loop asks once every this many items: the question costs a lock, an item of a loop over a
    /// journal's logs well under a microsecond, so 4,096 items are a few milliseconds at most.
    public static let itemsPerCheck = 4_096

    /// Throws `GaveWay` when the owner's question says yes.
    public func check() throws(GaveWay) {
        if let shouldStop, shouldStop() { throw GaveWay() }
    }

    /// `check()` in a loop, at the item at `index` (0-based): asked every `itemsPerCheck` items.
    @inline(__always)
    public func check(at index: Int) throws(GaveWay) {
        if shouldStop != nil, index % Self.itemsPerCheck == Self.itemsPerCheck - 1 { try check() }
    }

    /// The result of work that cannot give way, asked with `never` (whose `check` never throws).
    public static func never<Result>(_ work: (GiveWay) throws(GaveWay) -> Result) -> Result {
        do {
            return try work(.never)
        } catch {
            preconditionFailure("work asked GiveWay.never and gave way")
        }
    }
}

/// Thrown by `GiveWay.check` when the work gives way to newer work.
public struct GaveWay: Error, Sendable, Equatable {
    public init() {}
}
